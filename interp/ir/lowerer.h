// Private to interp/ir: the state of lowering one entry point (lower.cpp: driver and
// statements; lower_expr.cpp: expressions and memory views; lower_builtins.cpp: built-in
// functions and value constructors).
#pragma once

#include <deque>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "interp/ast/ast.h"
#include "interp/ir/debug_info.h"
#include "interp/ir/lower.h"
#include "interp/sema/layout.h"

namespace wgsl::ir {

using sema::Type;
using sema::TypeKind;

// Register ids during lowering: constants are tagged, renumbered to the front at the end.
constexpr uint32_t kConstTag = 0x40000000u;

// A value in consecutive registers (its scalar components in order).
struct Val {
  uint32_t reg = kNoReg;
  uint32_t count = 0;
  const Type* type = nullptr;
};

// A memory view or a register-resident variable: what a reference or pointer denotes.
struct View {
  bool in_regs = false;
  const Type* type = nullptr;  // store type of the view
  sema::AccessMode access = sema::AccessMode::ReadWrite;
  // Register variable: its first register plus a static component offset.
  uint32_t reg = kNoReg;
  uint32_t comp = 0;
  // A dynamically indexed component of a register vector: index register and component count.
  uint32_t dyn_reg = kNoReg;
  uint32_t dyn_count = 0;
  bool dyn_signed = false;  // the dynamic index is an i32 (for --oob=clamp)
  // Memory: root, per-lane offset register (kNoReg: none) plus a constant byte offset.
  uint32_t root = 0;
  uint32_t off_reg = kNoReg;
  uint32_t off_const = 0;
};

// What a name is bound to while lowering.
struct Binding {
  enum Kind { None, Value, Ref } kind = None;
  Val val;    // let / value parameter
  View view;  // var (Ref) or pointer let/parameter (Ref, the pointed-to view)
};

struct Frame {
  const ast::FunctionDecl* fn = nullptr;
  bool plain = false;  // no return before the end: no Call construct, the final return is a move
  std::vector<Binding> params;
  Val ret;
};

class LoweringFailed {};

class Lowerer {
 public:
  Lowerer(const sema::Program& p, const SourceFile& file, Kernel& k)
      : p_(p), types_(std::make_shared<sema::TypeTable>(&p.types)), file_(file), k_(k) {}
  bool run(const sema::EntryPoint& ep, LowerError& err);

  // ---- shared helpers (lower.cpp)
  [[noreturn]] void fail(SourceRange r, std::string msg);
  uint32_t emit(Inst i);
  uint32_t alloc(uint32_t n);
  uint32_t here() const { return static_cast<uint32_t>(k_.code.size()); }
  uint32_t loc_ = 0;  // source offset stamped on emitted instructions

  // ---- types (lower_expr.cpp)
  static Scalar scalarKind(const Type* t);   // of a scalar/vector/matrix/atomic leaf
  uint32_t components(const Type* t);        // registers a value of t occupies
  uint32_t arrayCount(const Type* t);        // fixed or override-sized count
  uint32_t sizeOfT(const Type* t);
  uint32_t strideOfT(const Type* t);
  const Type* concrete(const Type* t);

  // ---- expressions (lower_expr.cpp)
  Val value(const ast::Expr* e, const Type* want = nullptr);
  View view(const ast::Expr* e);
  Val load(const View& v, SourceRange r);
  void store(const View& v, const Val& val, SourceRange r);
  void zeroView(const View& v);
  Val constant(const sema::ConstValue& cv, const Type* as);
  Val constScalar(Scalar s, uint32_t bits);
  Val constU32(uint32_t v) { return constScalar(Scalar::U32, v); }
  Val temp(const Type* t) { return Val{alloc(components(t)), components(t), t}; }
  Val unary(OpGroup g, const Val& a, const Type* result);
  Val binary(OpGroup g, Scalar s, const Val& a, const Val& b, const Type* result);
  Val splat(const Val& scalar, uint32_t n, const Type* result);
  Val widen(const Val& v, uint32_t n);       // a scalar splatted to n components (or v itself)
  Val convert(const Val& v, const Type* to);
  Val component(const Val& v, uint32_t first, uint32_t count, const Type* t) {
    return Val{v.reg + first, count, t};
  }
  Val copyToFresh(const Val& v);
  Val binaryExpr(const ast::BinaryExpr& b, const sema::ExprInfo& info);
  Val pickDyn(const Val& base, const Val& idx, uint32_t elem_components, uint32_t count, const Type* t);
  bool isPure(const ast::Expr* e);
  View indexView(const View& base, const ast::Expr* index_expr, SourceRange r);
  void emitStoreMasked(const Val& dst, const Val& src);

  // ---- calls (lower_builtins.cpp)
  Val call(const ast::CallExpr& c, const sema::ExprInfo& info);
  Val construct(const ast::CallExpr& c, const sema::ExprInfo& info);
  Val builtin(const ast::CallExpr& c, const sema::ExprInfo& info);
  Val userCall(const ast::CallExpr& c, const sema::ExprInfo& info);

  // ---- statements (lower.cpp)
  void block(const std::vector<ast::StmtPtr>& stmts);
  void stmt(const ast::Stmt* s);
  void varDecl(const ast::VarDecl& d);
  void assign(const ast::AssignStmt& a);
  void ifStmt(const ast::IfStmt& s, size_t clause);
  void switchStmt(const ast::SwitchStmt& s);
  void loop(const std::vector<ast::StmtPtr>* body, const ast::ContinuingBlock* cont, const ast::Expr* while_cond,
            const ast::Stmt* for_update);
  void enterConstruct() { if (++depth_ > k_.max_depth) k_.max_depth = depth_; }
  void leaveConstruct() { --depth_; }

  // ---- facts about the module
  void scanFunction(const ast::FunctionDecl* f);
  void scanExpr(const ast::Expr* e);
  void scanStmt(const ast::Stmt* s);
  uint32_t rootFor(const ast::VarDecl* d);

  const sema::Program& p_;  // read only: several pipelines lower from one program at once
  // The types lowering makes that the program lacks (a matrix column, a concretized shape), in a
  // table extending the program's; the kernel keeps it (its debug information may name them).
  std::shared_ptr<sema::TypeTable> types_;
  const SourceFile& file_;
  Kernel& k_;
  uint32_t top_ = 0, max_ = 0;
  uint32_t depth_ = 0;
  std::vector<bool> breakable_is_loop_;  // innermost construct a `break` leaves
  std::vector<ConstInit> const_bits_;  // index = const register (untagged)
  std::map<std::vector<uint32_t>, uint32_t> const_dedupe_;
  std::unordered_map<const ast::VarDecl*, Binding> bindings_;
  std::unordered_map<const ast::VarDecl*, uint32_t> global_roots_;
  std::unordered_set<const ast::FunctionDecl*> scanned_;
  // In source order (not pointer order, which depends on how the AST happened to be allocated),
  // so root numbers and the prologue are the same from run to run and build to build.
  struct BySourcePosition {
    bool operator()(const ast::VarDecl* a, const ast::VarDecl* b) const { return a->range.begin < b->range.begin; }
  };
  std::set<const ast::VarDecl*, BySourcePosition> used_globals_;
  // A deque: lowering a call pushes a frame while a caller still holds a reference to its own
  // (a `return f(x);` keeps its frame across the nested call), and a deque never moves its elements.
  std::deque<Frame> frames_;
  uint32_t private_top_ = 0;
  uint32_t workgroup_top_ = 0;
  const sema::EntryPoint* ep_ = nullptr;

  // ---- debug information (debug_info.h)
  DebugInfo dbg_;
  uint32_t site_ = 0;                // the inlined call being lowered
  std::vector<size_t> open_vars_;    // dbg_.vars whose scope has not ended yet
  // Records a declaration bound as `b`, in scope from the next instruction.
  void debugVar(DebugVar::Kind kind, const std::string& name, uint32_t decl_loc, const Binding& b, bool pointer);
  void closeVars(size_t mark);       // ends the scope of open_vars_ beyond `mark`

  // ---- Fused multiply-add contraction under `--float=fma` (lower_fma.cpp)
  bool fma_ = false;
  // x * y + c rounded once (negating the product or the addend), as Math3 Fma with imm = 1.
  Val fusedMulAdd(Scalar s, const Val& x, const Val& y, const Val& c, bool neg_product, bool neg_addend,
                  const Type* result);
  // sum over k of a[k] * b[k] as a chain of fused multiply-adds (one register).
  Val fusedDot(Scalar s, const Val& a, const Val& b, const Type* st);
  // `a * b + c`, `a * b - c`, `c - a * b` of an F32/F16 BinaryExpr: false when not contractible.
  bool contractBinary(const ast::BinaryExpr& b, const Type* lt, const Type* rt, const Type* result, Val& out);
  // `x += a * b`, `x -= a * b` with `old` the loaded value of x.
  bool contractCompound(const Val& old, const ast::Expr* rhs, bool sub, const Type* type, SourceRange range, Val& out);
  // The operands of a run-time F32/F16 non-matrix multiplication (through parentheses), or null.
  const ast::BinaryExpr* contractibleMul(const ast::Expr* e);
  void mulOperands(const ast::BinaryExpr& m, Val& x, Val& y);
};

// The root declaration a reference expression starts from (through member, index, paren,
// deref and address-of), or null.
const ast::IdentExpr* rootIdent(const ast::Expr* e);

}  // namespace wgsl::ir
