// The result of semantic analysis: the module's declarations resolved to types and values, and
// per expression its type, evaluation stage and (for const-expressions) value. Later stages
// (uniformity, lowering, execution, reflection) read this, never the raw AST alone.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "interp/ast/ast.h"
#include "interp/sema/builtin_fn.h"
#include "interp/sema/const_value.h"
#include "interp/sema/node_table.h"
#include "interp/sema/types.h"

namespace wgsl::sema {

// Section "Early Evaluation Expressions".
enum class EvalStage : uint8_t { Const, Override, Runtime };

// What a value identifier names.
enum class DeclRef : uint8_t { None, Var, Let, Const, Override, Param };

// How a call expression was resolved.
enum class CallKind : uint8_t { None, Function, Builtin, Constructor };

// The component indices of a vector swizzle (1 to 4), held in place: a vector's interface.
class Swizzle {
 public:
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  uint8_t operator[](size_t i) const { return c_[i]; }
  const uint8_t* begin() const { return c_; }
  const uint8_t* end() const { return c_ + size_; }
  // A fifth component is dropped (a swizzle has at most four; the resolver checks that first).
  void push_back(uint8_t k) {
    if (size_ < 4) c_[size_++] = k;
  }

 private:
  uint8_t c_[4] = {};
  uint8_t size_ = 0;
};

// One entry per expression of a module (Program::exprs): the members are ordered by size so
// that the record has no padding holes (a multi-MiB module has about a million of them).
struct ExprInfo {
  const Type* type = nullptr;  // null: not determined (an error was reported)
  std::optional<ConstValue> value;  // for const-expressions

  // Identifier expressions: the declaration named. `decl` for var/let/const/override (local or
  // module scope); `function` + `param_index` for parameters.
  const ast::VarDecl* decl = nullptr;
  const ast::FunctionDecl* function = nullptr;

  // Call expressions: user function (`callee`), built-in function (`builtin`),
  // or value constructor / conversion (the result type is `type`). `params` are the types the
  // arguments convert to (after the load rule) for Function and Builtin calls.
  const ast::FunctionDecl* callee = nullptr;
  std::vector<const Type*> params;

  int param_index = -1;  // identifiers naming a parameter
  int member_index = -1;  // member expressions: the structure member index
  EvalStage stage = EvalStage::Runtime;
  DeclRef ref = DeclRef::None;  // identifier expressions: what kind of declaration is named
  CallKind call = CallKind::None;
  BuiltinFn builtin = BuiltinFn::None;  // Builtin calls: the function, chosen by overload resolution
  Swizzle swizzle;  // member expressions on a vector: the component indices
};

// Per-expression facts, keyed by the expression's node (node_table.h).
using ExprInfoTable = NodeTable<ast::Expr, ExprInfo>;

// A declaration's resolved facts (local or module scope).
struct DeclInfo {
  DeclRef kind = DeclRef::None;
  const Type* type = nullptr;  // store type for `var`, value type otherwise
  AddressSpace space = AddressSpace::Function;
  AccessMode access = AccessMode::ReadWrite;
  bool module_scope = false;
  std::optional<ConstValue> value;  // `const`; `override` once pipeline values are known
};

struct FunctionInfo {
  std::vector<const Type*> params;
  const Type* ret = nullptr;  // null: no return type
};

enum class ShaderStage { Compute, Vertex, Fragment };

inline const char* toString(ShaderStage s) {
  return s == ShaderStage::Compute ? "compute" : s == ShaderStage::Vertex ? "vertex" : "fragment";
}

struct ResourceBinding {
  const ast::VarDecl* decl = nullptr;
  std::string name;
  uint32_t group = 0;
  uint32_t binding = 0;
  AddressSpace space = AddressSpace::Handle;
  AccessMode access = AccessMode::Read;
  const Type* store_type = nullptr;
  // "minimum binding size": SizeOf(store type), or for a runtime-sized array (possibly as the
  // last member of a struct) the size with one element.
  uint32_t min_binding_size = 0;
};

struct OverrideDecl {
  const ast::VarDecl* decl = nullptr;
  std::string name;
  const Type* type = nullptr;
  std::optional<uint32_t> id;
  std::optional<ConstValue> default_value;  // when the initializer is a const-expression
  std::optional<ConstValue> value;          // at pipeline creation: the given value or the default
  bool has_initializer = false;
};

struct WorkgroupSizeDim {
  std::optional<int64_t> value;   // known at shader creation
  const ast::Expr* expr = nullptr;  // the expression (an override-expression when value is unset)
};

struct EntryPoint {
  const ast::FunctionDecl* function = nullptr;
  std::string name;
  ShaderStage stage = ShaderStage::Compute;
  std::array<WorkgroupSizeDim, 3> workgroup_size;
};

struct GlobalVar {
  const ast::VarDecl* decl = nullptr;
  AddressSpace space = AddressSpace::Private;
  AccessMode access = AccessMode::ReadWrite;
  const Type* store_type = nullptr;
};

struct Program {
  TypeTable types;
  const ast::Module* module = nullptr;
  std::set<std::string> enabled_extensions;
  std::set<std::string> language_extensions;
  std::vector<GlobalVar> globals;
  std::vector<ResourceBinding> bindings;
  std::vector<OverrideDecl> overrides;
  std::vector<EntryPoint> entry_points;
  std::vector<const Type*> structs;  // in declaration order
  ExprInfoTable exprs;
  NodeTable<ast::VarDecl, DeclInfo> decls;
  std::unordered_map<const ast::FunctionDecl*, FunctionInfo> functions;

  const ExprInfo* info(const ast::Expr* e) const {
    return exprs.find(e);
  }
  const DeclInfo* declInfo(const ast::VarDecl* d) const {
    return decls.find(d);
  }
};

}  // namespace wgsl::sema
