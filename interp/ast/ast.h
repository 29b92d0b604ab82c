// The owned WGSL abstract syntax tree. Built from the parse tree by ast_builder.cpp; every node
// carries the source range it came from. Types are written as expressions (the spec's
// type_specifier is a template_elaborated_ident), so `array<vec4<f32>, 4>` is an IdentExpr with
// template arguments; the resolver decides what each identifier denotes.
//
// Nodes live in their module's arena (node_arena.h) and link to their children by NodePtr; a
// node is valid as long as its Module, also after the Module is moved.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "base/diagnostics.h"
#include "interp/ast/name.h"
#include "interp/ast/node_arena.h"

namespace wgsl::ast {

using wgsl::SourceRange;

struct Ident {
  Name name;  // interned in the module's NameStore
  SourceRange range;
};

// ------------------------------------------------------------------ expressions

enum class ExprKind : uint8_t { Literal, Ident, Call, Paren, Unary, Binary, Index, Member };

// The range before the kind, so that a node's small members fill the 3 bytes after the kind
// (the base's tail padding). No virtual functions: `kind` says what a node is, and nodes are
// destroyed by their arena, as what they were made.
struct Expr {
  explicit Expr(ExprKind k) : kind(k) {}
  Expr(const Expr&) = delete;
  Expr& operator=(const Expr&) = delete;
  SourceRange range;
  ExprKind kind;

  template <typename T>
  const T* as() const { return kind == T::kKind ? static_cast<const T*>(this) : nullptr; }
  template <typename T>
  T* as() { return kind == T::kKind ? static_cast<T*>(this) : nullptr; }
};
using ExprPtr = NodePtr<Expr>;

enum class LiteralKind : uint8_t { Bool, Int, Float };
enum class LiteralSuffix : uint8_t { None, I, U, F, H };

// Members of the nodes below are ordered so that the small ones fill the base's tail padding:
// a module holds one node per operand.
struct LiteralExpr : Expr {
  static constexpr ExprKind kKind = ExprKind::Literal;
  LiteralExpr() : Expr(kKind) {}
  LiteralKind literal_kind = LiteralKind::Int;
  LiteralSuffix suffix = LiteralSuffix::None;
  bool bool_value = false;
  bool int_fits = false;  // through intValue()
  Name spelling;          // as written (interned)
  // An Int literal's magnitude and a Float literal's value share storage (literal_kind says
  // which one is meant).
  union {
    uint64_t int_magnitude = 0;  // through intValue()
    // Float: the value rounded to binary64 (exact for every value a binary64 can hold).
    double float_value;
  };

  // Int: the magnitude (literals have no sign), or nullopt if it exceeds 64 bits.
  std::optional<uint64_t> intValue() const {
    return int_fits ? std::optional<uint64_t>(int_magnitude) : std::nullopt;
  }
  void setIntValue(uint64_t v) {
    int_magnitude = v;
    int_fits = true;
  }
};

// An identifier, optionally with a template list: `x`, `f32`, `array<u32, 4>`, `ptr<function, i32>`.
// One with a template list is a TemplatedIdentExpr (below), which holds the arguments: nearly
// every identifier has none, and an empty vector in each would cost 24 bytes and a destructor.
struct IdentExpr : Expr {
  static constexpr ExprKind kKind = ExprKind::Ident;
  IdentExpr() : Expr(kKind) {}
  bool has_template_list = false;  // true exactly for a TemplatedIdentExpr
  Ident ident;
  // The template arguments; empty without a template list.
  const std::vector<ExprPtr>& templateArgs() const;
};

struct TemplatedIdentExpr : IdentExpr {
  TemplatedIdentExpr() { has_template_list = true; }
  std::vector<ExprPtr> template_args;
};

// A call phrase: function, builtin, value constructor or type conversion.
struct CallExpr : Expr {
  static constexpr ExprKind kKind = ExprKind::Call;
  CallExpr() : Expr(kKind) {}
  NodePtr<IdentExpr> target;
  std::vector<ExprPtr> args;
};

struct ParenExpr : Expr {
  static constexpr ExprKind kKind = ExprKind::Paren;
  ParenExpr() : Expr(kKind) {}
  ExprPtr inner;
};

enum class UnaryOp { Negate, Not, Complement, Deref, AddressOf };

struct UnaryExpr : Expr {
  static constexpr ExprKind kKind = ExprKind::Unary;
  UnaryExpr() : Expr(kKind) {}
  UnaryOp op = UnaryOp::Negate;
  ExprPtr operand;
};

enum class BinaryOp : uint8_t {
  Mul, Div, Mod, Add, Sub, ShiftLeft, ShiftRight,
  Less, LessEqual, Greater, GreaterEqual, Equal, NotEqual,
  And, Or, Xor, LogicalAnd, LogicalOr,
};

struct BinaryExpr : Expr {
  static constexpr ExprKind kKind = ExprKind::Binary;
  BinaryExpr() : Expr(kKind) {}
  BinaryOp op = BinaryOp::Add;
  uint32_t op_begin = 0;  // where the operator token starts; it is toString(op) long
  ExprPtr lhs, rhs;
  SourceRange opRange() const;
};

struct IndexExpr : Expr {
  static constexpr ExprKind kKind = ExprKind::Index;
  IndexExpr() : Expr(kKind) {}
  ExprPtr base;
  ExprPtr index;
};

// `base.name`: a structure member or a vector swizzle (decided by the resolver).
struct MemberExpr : Expr {
  static constexpr ExprKind kKind = ExprKind::Member;
  MemberExpr() : Expr(kKind) {}
  ExprPtr base;
  Ident member;
};

const char* toString(UnaryOp op);
const char* toString(BinaryOp op);

inline SourceRange BinaryExpr::opRange() const {
  return {op_begin, op_begin + static_cast<uint32_t>(std::char_traits<char>::length(toString(op)))};
}

// ------------------------------------------------------------------ attributes

enum class Severity { Error, Warning, Info, Off };

struct DiagnosticControl {
  Severity severity = Severity::Error;
  Ident severity_name;
  Ident rule;                 // `derivative_uniformity`, or the first part of `a.b`
  std::optional<Ident> rule_member;  // the second part of a two-part rule name
  SourceRange range;
};

struct Attribute {
  Ident name;                  // without the '@'
  std::vector<ExprPtr> args;   // builtin/interpolate names are IdentExprs
  bool has_parens = false;
  std::optional<DiagnosticControl> diagnostic;  // for @diagnostic
  SourceRange range;
};
using AttributeList = std::vector<Attribute>;

// ------------------------------------------------------------------ statements

enum class StmtKind {
  Compound, Return, If, Switch, Loop, For, While, Break, BreakIf, Continue, Discard,
  Call, VarDecl, Assign, Increment, Decrement, ConstAssert,
};

// No virtual functions, as Expr.
struct Stmt {
  explicit Stmt(StmtKind k) : kind(k) {}
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;
  StmtKind kind;
  SourceRange range;

  template <typename T>
  const T* as() const { return kind == T::kKind ? static_cast<const T*>(this) : nullptr; }
  template <typename T>
  T* as() { return kind == T::kKind ? static_cast<T*>(this) : nullptr; }
};
using StmtPtr = NodePtr<Stmt>;

struct CompoundStmt : Stmt {
  static constexpr StmtKind kKind = StmtKind::Compound;
  CompoundStmt() : Stmt(kKind) {}
  AttributeList attributes;
  std::vector<StmtPtr> body;
};
using BlockPtr = NodePtr<CompoundStmt>;

struct ReturnStmt : Stmt {
  static constexpr StmtKind kKind = StmtKind::Return;
  ReturnStmt() : Stmt(kKind) {}
  ExprPtr value;  // may be null
};

struct IfClause {
  ExprPtr condition;
  BlockPtr body;
  SourceRange range;  // from `if` (or `else if`) to the end of the block
};

// `if a {} else if b {} else {}`: clauses in order, then an optional else block.
struct IfStmt : Stmt {
  static constexpr StmtKind kKind = StmtKind::If;
  IfStmt() : Stmt(kKind) {}
  AttributeList attributes;
  std::vector<IfClause> clauses;  // at least one
  BlockPtr else_body;             // may be null
};

struct CaseSelector {
  ExprPtr expr;  // null for `default`
  SourceRange range;
};

struct SwitchClause {
  bool is_default_alone = false;        // `default:` clause
  std::vector<CaseSelector> selectors;  // empty for a `default` clause
  BlockPtr body;
  SourceRange range;
  bool hasDefault() const {
    if (is_default_alone) return true;
    for (const auto& s : selectors)
      if (!s.expr) return true;
    return false;
  }
};

struct SwitchStmt : Stmt {
  static constexpr StmtKind kKind = StmtKind::Switch;
  SwitchStmt() : Stmt(kKind) {}
  AttributeList attributes;
  ExprPtr selector;
  AttributeList body_attributes;
  std::vector<SwitchClause> clauses;
};

struct ContinuingBlock {
  AttributeList attributes;
  std::vector<StmtPtr> body;  // a trailing `break if` is in break_if, not here
  ExprPtr break_if;           // may be null
  SourceRange range;
  SourceRange break_if_range;
};

struct LoopStmt : Stmt {
  static constexpr StmtKind kKind = StmtKind::Loop;
  LoopStmt() : Stmt(kKind) {}
  AttributeList attributes;
  AttributeList body_attributes;
  std::vector<StmtPtr> body;
  NodePtr<ContinuingBlock> continuing;  // may be null
};

struct ForStmt : Stmt {
  static constexpr StmtKind kKind = StmtKind::For;
  ForStmt() : Stmt(kKind) {}
  AttributeList attributes;
  StmtPtr init;       // may be null: VarDecl, Assign/Increment/Decrement or Call
  ExprPtr condition;  // may be null
  StmtPtr update;     // may be null
  BlockPtr body;
};

struct WhileStmt : Stmt {
  static constexpr StmtKind kKind = StmtKind::While;
  WhileStmt() : Stmt(kKind) {}
  AttributeList attributes;
  ExprPtr condition;
  BlockPtr body;
};

struct BreakStmt : Stmt {
  static constexpr StmtKind kKind = StmtKind::Break;
  BreakStmt() : Stmt(kKind) {}
};

// Only valid as the last statement of a continuing block; the builder moves it into
// ContinuingBlock::break_if and reports it anywhere else.
struct BreakIfStmt : Stmt {
  static constexpr StmtKind kKind = StmtKind::BreakIf;
  BreakIfStmt() : Stmt(kKind) {}
  ExprPtr condition;
};

struct ContinueStmt : Stmt {
  static constexpr StmtKind kKind = StmtKind::Continue;
  ContinueStmt() : Stmt(kKind) {}
};

struct DiscardStmt : Stmt {
  static constexpr StmtKind kKind = StmtKind::Discard;
  DiscardStmt() : Stmt(kKind) {}
};

struct CallStmt : Stmt {
  static constexpr StmtKind kKind = StmtKind::Call;
  CallStmt() : Stmt(kKind) {}
  NodePtr<CallExpr> call;
};

enum class DeclKind { Var, Let, Const, Override };

// A `var`, `let`, `const` or `override` declaration, at module scope or in a function.
struct VarDecl {
  DeclKind decl_kind = DeclKind::Var;
  AttributeList attributes;
  Ident name;
  bool has_template_list = false;     // `var<...>`
  std::vector<ExprPtr> template_args; // address space, access mode
  ExprPtr type;                       // may be null (inferred)
  ExprPtr initializer;                // may be null
  SourceRange range;
};

struct VarDeclStmt : Stmt {
  static constexpr StmtKind kKind = StmtKind::VarDecl;
  VarDeclStmt() : Stmt(kKind) {}
  VarDecl decl;
};

enum class AssignOp { Assign, Add, Sub, Mul, Div, Mod, And, Or, Xor, ShiftRight, ShiftLeft };
const char* toString(AssignOp op);

struct AssignStmt : Stmt {
  static constexpr StmtKind kKind = StmtKind::Assign;
  AssignStmt() : Stmt(kKind) {}
  AssignOp op = AssignOp::Assign;
  ExprPtr lhs;  // null for the phony assignment `_ = e`
  ExprPtr rhs;
};

struct IncrementStmt : Stmt {
  static constexpr StmtKind kKind = StmtKind::Increment;
  IncrementStmt() : Stmt(kKind) {}
  ExprPtr lhs;
};

struct DecrementStmt : Stmt {
  static constexpr StmtKind kKind = StmtKind::Decrement;
  DecrementStmt() : Stmt(kKind) {}
  ExprPtr lhs;
};

struct ConstAssertStmt : Stmt {
  static constexpr StmtKind kKind = StmtKind::ConstAssert;
  ConstAssertStmt() : Stmt(kKind) {}
  ExprPtr condition;
};

// ------------------------------------------------------------------ module scope

struct StructMember {
  AttributeList attributes;
  Ident name;
  ExprPtr type;
  SourceRange range;
};

struct StructDecl {
  Ident name;
  std::vector<StructMember> members;
  SourceRange range;
};

struct AliasDecl {
  Ident name;
  ExprPtr type;
  SourceRange range;
};

struct Param {
  AttributeList attributes;
  Ident name;
  ExprPtr type;
  SourceRange range;
};

struct FunctionDecl {
  AttributeList attributes;
  Ident name;
  std::vector<Param> params;
  AttributeList return_attributes;
  ExprPtr return_type;  // may be null
  BlockPtr body;
  SourceRange range;
};

enum class DirectiveKind { Enable, Requires, Diagnostic };

struct Directive {
  DirectiveKind kind = DirectiveKind::Enable;
  std::vector<Ident> names;               // extension names for enable/requires
  std::optional<DiagnosticControl> diagnostic;
  SourceRange range;
};

enum class GlobalKind { Var, Const, Override, Alias, Struct, Function, ConstAssert };

// One module-scope declaration, in source order.
struct GlobalDecl {
  GlobalKind kind = GlobalKind::Var;
  NodePtr<VarDecl> var;            // Var, Const, Override
  NodePtr<AliasDecl> alias;
  NodePtr<StructDecl> structure;
  NodePtr<FunctionDecl> function;
  NodePtr<ConstAssertStmt> const_assert;
  SourceRange range;
  const Ident* name() const;  // null for const_assert
};

struct Module {
  // The text of every Name in the tree. Held by pointer so that moving the Module leaves the
  // Names valid; declared first so that it is destroyed last.
  std::unique_ptr<NameStore> names = std::make_unique<NameStore>();
  // Every node of the tree, from the declarations down. Held by pointer so that moving the
  // Module leaves the nodes where they are; destroyed after the lists below.
  std::unique_ptr<NodeArena> nodes = std::make_unique<NodeArena>();
  std::vector<Directive> directives;
  std::vector<GlobalDecl> decls;
};

// The nodes a module has most of hold no vector, so their arena frees them without visiting
// them (node_arena.h).
template <typename... T>
constexpr bool kAllTriviallyDestructible = (std::is_trivially_destructible_v<T> && ...);
static_assert(kAllTriviallyDestructible<LiteralExpr, IdentExpr, ParenExpr, UnaryExpr, BinaryExpr, IndexExpr,
                                        MemberExpr, ReturnStmt, BreakStmt, BreakIfStmt, ContinueStmt, DiscardStmt,
                                        CallStmt, AssignStmt, IncrementStmt, DecrementStmt, ConstAssertStmt,
                                        GlobalDecl>);

}  // namespace wgsl::ast
