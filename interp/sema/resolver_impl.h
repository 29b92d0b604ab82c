// The resolver (private to sema; the entry point is resolve() in resolver.h): one class whose
// methods are declared here, grouped by the spec section they implement, each with what it
// resolves. Each group's bodies are in the file its heading names. The resolver computes types,
// values and the records of Program (and FunctionRecords); the rules that only judge the
// resolved program (stage attributes and entry-point interfaces, variable size limits,
// recursion, stage restrictions) are the validator's (validator.h), which resolve() runs next.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "interp/ast/ast.h"
#include "interp/sema/builtins.h"
#include "interp/sema/const_value.h"
#include "interp/sema/program.h"
#include "interp/sema/resolver.h"
#include "interp/sema/types.h"
#include "interp/sema/validator.h"

namespace wgsl {
class DiagnosticList;
}

namespace wgsl::sema::internal {

using ast::Expr;

// What a name declares (section "Declaration and Scope").
enum class SymbolKind { Const, Override, Var, Let, Param, Alias, Struct, Function };

// "constant", "variable", "type alias", ... for messages.
const char* kindWord(SymbolKind k);

// A resolved declaration, as a name in scope refers to it.
struct Symbol {
  SymbolKind kind = SymbolKind::Var;
  std::string name;
  SourceRange range;
  const ast::VarDecl* var = nullptr;
  const ast::FunctionDecl* function = nullptr;
  const Type* type = nullptr;  // value type; store type for variables; the type of a type name
  EvalStage stage = EvalStage::Runtime;
  std::optional<ConstValue> value;
  AddressSpace space = AddressSpace::Function;
  AccessMode access = AccessMode::ReadWrite;
  int param_index = -1;  // parameters: position in `function`'s list
};

class Resolver {
 public:
  Resolver(const ast::Module& m, DiagnosticList& d, Program& p, const ResolveOptions& o)
      : module_(m), diags_(d), p_(p), types_(p.types), options_(o) {}

  // Resolves the whole module: directives, every module-scope declaration (in dependency
  // order), then const_asserts and function bodies in source order.
  void run();

  // The error when const evaluation exceeded its budget (resolve() stops there).
  void reportConstEvalBudget(uint64_t limit);

  // Who calls whom, the module-scope variables each function names, the stage-restricted
  // built-ins each calls: for the validator (validator.h).
  const FunctionRecords& functionRecords() const { return records_; }

 private:
  // ---------------------------------------- directives (resolve_module.cpp; "Directives")

  // The triggering rule of a diagnostic control: "name" or "name.member".
  static std::string ruleName(const ast::DiagnosticControl& dc);
  // "Diagnostic filters must not conflict": two filters on the same affected range with the
  // same triggering rule must have the same severity (section "Diagnostics").
  void checkFilterConflicts(const std::vector<const ast::DiagnosticControl*>& filters);
  // `enable`, `requires` and global `diagnostic` directives: known names, into
  // Program::enabled_extensions and language_extensions (section "Directives").
  void directives();
  // True if `enable ext;` was written.
  bool enabled(const char* ext) const;

  // ---------------------------------- module scope (resolve_module.cpp; "Declaration and Scope")

  // Registers every module-scope name; a second declaration of one is an error.
  void collect();
  // The identifiers an expression tree mentions (walked with a work list: no recursion).
  static void namesIn(const Expr* root, std::vector<const std::string*>& out);
  // The names the parts of a module-scope declaration that are resolved with it mention (not a
  // function's body, which is resolved after every declaration).
  static std::vector<const std::string*> dependenciesOf(const ast::GlobalDecl& g);
  // Module-scope declarations ordered so that each comes after the declarations its resolved
  // parts name: resolving them in this order, the on-demand resolution of a name finds it done,
  // so a chain of thousands of declarations costs no stack. A depth-first search with an
  // explicit stack; the names mentioned are an over-approximation (a member name can look like
  // a declaration's), which only changes the order, never the result. Declarations on a cycle
  // are left out, so that the cycle is found from its first declaration in source order.
  std::vector<const std::string*> dependencyOrder();
  // The module-scope declaration `name`, resolved on first use (`use`: where it is named);
  // a cycle between declarations, or a chain deeper than kMaxDeclarationChain, is an error.
  Symbol* resolveGlobal(const std::string& name, SourceRange use = {});
  // Resolves one module-scope declaration by its kind (alias, structure, const, override, var,
  // function signature) and records it.
  Symbol declareGlobal(const ast::GlobalDecl& g);
  // The DeclRef of Program::decls for a symbol kind.
  static DeclRef declRef(SymbolKind k);
  // Records a variable or value declaration in Program::decls.
  void recordDecl(const ast::VarDecl& d, const Symbol& s, bool module_scope);

  // ------------------------------ name lookup (resolve_module.cpp; "Declaration and Scope")

  // The innermost declaration of `n` in scope, or an already resolved module-scope one.
  Symbol* lookupLocalOrModule(const std::string& n);
  // The innermost declaration of `n` in scope; module-scope declarations are resolved on demand.
  Symbol* lookup(const std::string& n, SourceRange use);
  // The user function a call names, or null.
  Symbol* lookupFunctionOf(const ast::CallExpr& c);

  // -------------------------------------------------------- types (resolve_types.cpp; "Types")

  // A structure declaration: members, their layout attributes (@align, @size), @location and
  // @builtin, the layout (section "Structure Member Layout") and the nesting depth limit.
  const Type* structType(const ast::StructDecl& d);
  // "Nesting depth": 1 for a vector, 2 for a matrix, 1 + that of the element type for an array,
  // 1 + the deepest member's for a structure (section "Composite Types"); a scalar is no
  // composite and adds nothing (array<u32, 4> has depth 1, like vec4u).
  int nestingDepth(const Type* t);
  // At most 15 levels of nesting must be supported (section "Limits"): false (reported) above.
  bool checkNestingDepth(const Type* t, SourceRange r);
  // bool, i32, u32, f32, f16 (which needs `enable f16;`); null for other names.
  const Type* scalarType(const std::string& n, SourceRange r);
  // Resolves a type expression (an identifier with an optional template list): declared types,
  // scalars, vectors, matrices, atomic, array, ptr, samplers, textures, buffer (section "Types").
  const Type* resolveType(const Expr& e);
  // The error for a name that is no type ("unresolved type", or a built-in function's name).
  const Type* unknownType(const Expr& e);
  // The component type of a predeclared alias by its suffix: vec3f, mat2x2h, ...
  const Type* aliasScalar(char c, SourceRange r);
  // A template argument that must be a predeclared enumerant (address space, access mode,
  // texel format).
  std::optional<std::string> enumerant(const Expr& e, const char* what);
  // array<E> and array<E, N>: the element type's rules, a const count (positive, laid out in
  // 32 bits) or an override count (section "Array Types"). `args` checks the argument count.
  template <typename Args>
  const Type* arrayType(const ast::IdentExpr& id, Args& args);
  // An expression as the source spells it, when it is an identifier ("<expression>" otherwise).
  static std::string spelled(const Expr& e);
  // The texture and sampler types of section "Texture and Sampler Types" by name and template
  // arguments (sampled type, texel format, access mode).
  template <typename Args>
  const Type* textureType(const ast::IdentExpr& id, Args& args);
  // True if `t` is or contains an array (immediate data excludes them).
  static bool containsArray(const Type* t);
  // True if `t` is or contains an atomic type.
  static bool containsAtomic(const Type* t);

  // ------------------------------------------ attributes (resolve_attributes.cpp; "Attributes")

  // "Unless explicitly permitted in an attribute's description, an attribute must not be
  // specified more than once per object" (section "Attributes"), and each attribute applies
  // only to the objects its description names.
  void checkAttributes(const ast::AttributeList& attrs, std::initializer_list<const char*> allowed, const char* where);
  // Statements take only @diagnostic.
  void checkStatementAttributes(const ast::AttributeList& attrs);
  // Dual-source blending (section "Input-output Locations"): if a member with @location has
  // @blend_src, the structure has exactly two such members, @location(0) @blend_src(0) and
  // @location(0) @blend_src(1), of the same type.
  void checkBlendSrc(const ast::StructDecl& d, const Type& t);
  // The value of an attribute argument that must be a const-expression integer: @align (a power
  // of two), @size, @location (>= 0 allowed when `allow_zero`).
  std::optional<uint32_t> positiveAttr(const ast::Attribute& a, const char* what, bool power_of_two,
                                       bool allow_zero = false);

  // ------------- module-scope values and variables (resolve_globals.cpp; "Variable and Value
  // Declarations", "Address Spaces", "Resource Interface")

  // The symbol a module-scope `const`, `override` or `var` declares, before its type and value
  // are resolved: kind, name, where the name is, the declaration, the evaluation stage.
  static Symbol declSymbol(SymbolKind kind, const ast::VarDecl& d, EvalStage stage);
  // `const`: a const-expression initializer, converted to the declared type.
  Symbol constDecl(const ast::VarDecl& d);
  // `override`: a concrete scalar type, @id (0 to 65535, unique), and at pipeline creation its
  // value (given by name or @id, else the default) into Program::overrides.
  Symbol overrideDecl(const ast::VarDecl& d);
  // Module-scope `var`: address space and access mode, initializer, store type, @group and
  // @binding; records Program::globals and Program::bindings.
  Symbol globalVar(const ast::VarDecl& d);
  // The minimum binding size of a resource of store type `t` (a runtime-sized array counts
  // with one element).
  static uint32_t minBindingSize(const Type* t);
  // The store type rules of each address space (section "Address Spaces"), atomics included.
  void checkStoreType(const ast::VarDecl& d, const Type* t, AddressSpace space, AccessMode am);

  // ------------------------------------------------ functions (resolve_functions.cpp; "Functions")

  // A function's attributes, parameter and return types (into Program::functions); then
  // entryPoint().
  void functionSignature(const ast::FunctionDecl& f);
  // The shader stage and @workgroup_size arguments of an entry point (sections "Entry Point
  // Declaration", "Compute Shaders and Workgroups"): their types, stages and values, into a
  // Program::entry_points record.
  void entryPoint(const ast::FunctionDecl& f);
  // The @location arguments of an entry point's parameters and return value, for the items the
  // validator reads them for (numeric, non-compute, without @builtin); structure members' were
  // resolved with their structure.
  void entryPointLocations(const ast::FunctionDecl& f, ShaderStage stage);
  // A function body: parameters in scope, its statements; records its behavior and the bytes
  // of its function-scope variables.
  void functionBody(const ast::FunctionDecl& f);

  // -------------------------- statements (resolve_stmt.cpp; "Statements", "Behavior Analysis")

  // A compound statement (a new scope unless `new_scope` is false): its behavior, and the
  // brace nesting limit (section "Limits").
  Behaviors block(const ast::CompoundStmt& b, bool new_scope = true);
  // A statement sequence without a scope of its own (a switch clause body).
  Behaviors statements(const std::vector<ast::StmtPtr>& body);
  // The condition of an `if`, `while`, `break if` or `for` must be a bool.
  void checkBool(const Expr& e, const char* what);
  // One statement: its rules and its behavior (section "Statements Behavior Analysis").
  Behaviors statement(const ast::Stmt& s);
  // "A continue statement must not be placed such that it would transfer control past a
  // declaration used in the targeted continuing statement": the declarations the continuing
  // block can use are those at the top level of the loop body, so a `continue` (anywhere in the
  // body, targeting this loop) before one that the continuing block names is an error.
  void checkContinueBypass(const ast::LoopStmt& l, const std::vector<SourceRange>& continues);
  // The behavior of a loop from those of its body (b1) and continuing block (b2); a loop that
  // cannot exit is an error.
  Behaviors loopBehavior(Behaviors b1, Behaviors b2, SourceRange r);
  // A switch statement: selector and case selector types, distinct values, one `default`, and
  // its behavior (section "Switch Statement").
  Behaviors switchStmt(const ast::SwitchStmt& sw);

  // -------------- declarations and assignments in functions (resolve_assign.cpp; "Variable and
  // Value Declarations", "Assignment Statement", "Increment and Decrement Statements")

  // A function-scope `var`, `let` or `const`: type, initializer, address space, scope.
  void localDecl(const ast::VarDecl& d);
  // The root identifier of a reference expression, if any (for assignment messages).
  const ast::IdentExpr* rootIdent(const Expr& e);
  // Checks that `lhs` is a writable reference; `what` is "assign to", "increment", ...
  void requireWritable(const Expr& lhs, const ExprInfo& info, const char* what);
  // Simple, phony (`_ = e`) and compound assignment.
  void assignment(const ast::AssignStmt& a);
  // `++` and `--`: a writable reference to i32 or u32.
  void modify(const Expr& lhs, const char* what);
  // `const_assert`: a const-expression bool that is true (section "Const Assertion Statement").
  void constAssert(const ast::ConstAssertStmt& c);

  // --------------------------------------------- expressions (resolve_expr.cpp; "Expressions")

  // The type a value of type t has after the load rule (references load their store type).
  const Type* loadType(const Type* t) { return t && t->isRef() ? t->elem : t; }
  // True if a value of type `from` (after the load rule) converts automatically to `to`.
  bool convertible(const Type* from, const Type* to);
  // A const value converted to `to` (section "Conversion Rank"); an out-of-range value is an
  // error at `r`.
  std::optional<ConstValue> convert(const ConstValue& v, const Type* to, SourceRange r);
  // An error found while evaluating a const- or override-expression. Inside the right-hand side
  // of a short-circuiting `&&`/`||` whose left side decides the result, nothing is evaluated
  // ("the right-hand side is not evaluated", section "Logical Expressions"), so nothing is
  // reported.
  void evalFailed(SourceRange r, const std::string& msg);
  // A const value converted implicitly to a concrete type (initializers, assignments,
  // arguments, return values): the conversion's range rules apply ("AbstractInt to i32:
  // identity if the value is in i32; a shader-creation error otherwise").
  void checkImplicitConversion(const ExprInfo& v, const Type* to, SourceRange r);
  // Stores the result for `e` in Program::exprs and returns it.
  ExprInfo record(const Expr& e, ExprInfo info);
  // The first subexpression (in a depth-first walk) lying deeper than kMaxExpressionHeight
  // levels below `root`, or null. Walked with an explicit stack, before any recursive pass.
  static const Expr* tooDeep(const Expr& root);
  // Resolves an expression: its type, evaluation stage and (const or override) value, recorded
  // for each node. `as_statement`: a call statement, whose result is discarded.
  ExprInfo expr(const Expr& e, bool as_statement = false);
  // One expression node by its kind (expr() does the depth limit and budget bookkeeping).
  ExprInfo exprNode(const Expr& e, bool as_statement);
  // Boolean and numeric literals: the type their suffix gives, abstract without one; `h` needs
  // `enable f16;` (section "Literals"; their ranges were checked by the AST builder).
  ExprInfo literal(const ast::LiteralExpr& l);
  // A name used as a value: its declaration's type, stage and value (section "Value
  // Identifier Expressions"); also records the module-scope variables a function uses.
  ExprInfo identifier(const ast::IdentExpr& id);
  // The error for a name that resolves to no value (a type, a built-in function, an
  // enumerant, or nothing).
  void unresolvedValue(const ast::IdentExpr& id);
  // Indexing a vector, matrix or array value or reference (section "Composite Value
  // Decomposition Expressions"): index type and const index bounds.
  ExprInfo index(const ast::IndexExpr& ix);
  // Structure member access and vector swizzles (section "Composite Value Decomposition
  // Expressions").
  ExprInfo member(const ast::MemberExpr& m);
  // The wording of an evaluation error: override-expressions fail at pipeline creation.
  std::string evalError(const std::string& e, EvalStage stage);
  // Concretization (section "Abstract Numeric Types"), including the abstract result structures
  // of frexp and modf, whose concrete forms the overload table owns.
  const Type* concrete(const Type* t);

  // --------------------------------- operators (resolve_operators.cpp; "Arithmetic Expressions",
  // "Logical Expressions", "Comparison Expressions", "Bit Expressions", "Address-Of Expression",
  // "Indirection Expression")

  // The type two numeric operands convert to together (section "Overload Resolution" for the
  // arithmetic and comparison overloads), or null.
  const Type* commonScalar(const Type* a, const Type* b);
  // `-`, `!`, `~`, `&` (address-of) and `*` (indirection).
  ExprInfo unary(const ast::UnaryExpr& u);
  // Binary operators: operand types, the result, and const evaluation.
  ExprInfo binary(const ast::BinaryExpr& b);
  // Matrix forms of section "Arithmetic Expressions": mat +- mat, mat * scalar, scalar * mat,
  // mat * vec, vec * mat, mat * mat (all with one float component type, abstract converting).
  ExprInfo matrixBinary(const ast::BinaryExpr& b, const ExprInfo& l, const ExprInfo& r, const Type* lt, const Type* rt,
                        ExprInfo info);

  // ------------------------------- calls (resolve_call.cpp; "Function Calls", "Built-in Functions")

  // A call: of a user function (arguments, @must_use, entry points not callable), of a
  // built-in function, or a value constructor of a declared or predeclared type.
  ExprInfo call(const ast::CallExpr& c, bool as_statement);
  // A call of a built-in function or of an inferred-type value constructor (`vec3(...)`,
  // `array(...)`), typed by the overload table (section "Overload Resolution").
  ExprInfo builtinCall(const ast::CallExpr& c, const std::vector<ExprInfo>& args, bool as_statement);
  // matchBuiltin() for a call of `name` in this module, remembered per name and argument and
  // template types (a module calls a few built-ins many times with the same types; the match
  // depends on nothing else once the module's extensions are known).
  const BuiltinMatch& matchOverload(const std::string& name, const std::vector<const Type*>& template_types,
                                    const std::vector<const Type*>& args, const std::vector<bool>& const_args);
  // Rules of individual built-ins on argument values that hold whenever those arguments are
  // const-expressions, even if the call as a whole is not constant (section "Built-in Functions").
  void checkBuiltinArgumentValues(const ast::CallExpr& c, const std::string& n, const std::vector<ExprInfo>& args,
                                  const BuiltinMatch& m);
  // The const-expression rules of bufferView and bufferArrayView (section "Buffer View Built-in
  // Functions"): offsets and sizes not negative, offsets aligned to RequiredAlignOf(T, AS),
  // array sizes a whole number of elements, views inside a fixed-size buffer.
  void checkBufferView(const ast::CallExpr& c, const std::string& n, const std::vector<ExprInfo>& args,
                       const BuiltinMatch& m);
  // "The value constructors are @must_use": a constructor cannot be a statement on its own.
  void constructorStatement(const ast::CallExpr& c);

  // ---------------- value constructors (resolve_construct.cpp; "Value Constructor Built-in Functions")

  // The argument forms of section "Value Constructor Built-in Functions" (zero value,
  // identity/conversion, splat, components, columns, elements, members), by type.
  bool constructorArgsMatch(const Type* t, const std::vector<const Type*>& a);
  // An ExprInfo of type `t`, `stage` and `value`.
  static ExprInfo typed(const Type* t, EvalStage stage, std::optional<ConstValue> value);
  // `info` marked as the result of a value constructor.
  static ExprInfo asConstructor(ExprInfo info);
  // A value constructor of type `t`: its arguments, and the value when they are constant.
  ExprInfo construct(const ast::CallExpr& c, const Type* t, const std::vector<ExprInfo>& args);

  // ================================================================== state

  const ast::Module& module_;
  DiagnosticList& diags_;
  Program& p_;
  TypeTable& types_;
  const ResolveOptions& options_;

  // Module scope: each module-scope name's declaration and resolution state.
  struct Entry {
    const ast::GlobalDecl* decl = nullptr;
    int state = 0;  // 0 unresolved, 1 in progress, 2 done
    Symbol sym;
  };
  std::unordered_map<std::string, Entry> globals_;
  std::vector<std::string> resolving_;  // module-scope declarations being resolved, outermost first

  // Types: structures' nesting depths, each computed once.
  std::unordered_map<const Type*, int> nesting_depth_;

  // Functions: the resolved signature of each.
  struct Signature {
    std::vector<const Type*> params;
    const Type* ret = nullptr;  // null: no return type
    bool known = true;
  };
  std::unordered_map<const ast::FunctionDecl*, Signature> signatures_;

  // The function being resolved and its scopes (innermost last).
  std::vector<std::unordered_map<std::string, Symbol>> scopes_;
  const ast::FunctionDecl* current_fn_ = nullptr;
  uint64_t function_bytes_ = 0;  // bytes of its function-scope variables so far

  // Calls, uses of module-scope variables and stage-restricted built-ins, per function.
  FunctionRecords records_;

  // Statements.
  static constexpr int kMaxBraceDepth = 127;
  int brace_depth_ = 0;
  size_t else_if_depth_ = 0;  // levels the enclosing `else if` clauses add to brace_depth_
  int loop_depth_ = 0;
  // For each enclosing loop (innermost last): the `continue` statements that target it.
  std::vector<std::vector<SourceRange>> loop_continues_;
  int switch_depth_ = 0;
  int in_continuing_ = 0;
  // Continuing blocks enclosing the statement, loops nested in them included (the continuing
  // statement "must not contain a return at any compound statement nesting level").
  int within_continuing_ = 0;
  std::unordered_map<const ast::FunctionDecl*, Behaviors> fn_behavior_;

  // Built-in calls: matchOverload()'s results by call shape (name, then the types' addresses).
  std::unordered_map<std::string, BuiltinMatch> overloads_;
  BuiltinMatch uncached_match_;  // for calls with many arguments: valid until the next such call

  // Expressions.
  int not_evaluated_ = 0;  // > 0: inside a short-circuited operand (see evalFailed())
  size_t expr_depth_ = 0;  // expr() calls in progress for the current expression tree
  const Expr* budget_exceeded_at_ = nullptr;  // see expr()
};

}  // namespace wgsl::sema::internal
