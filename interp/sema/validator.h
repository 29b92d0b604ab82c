// Validation of a resolved program (private to sema): the rules that judge the program the
// resolver built without computing types or values. Entry-point interfaces (section "Entry Point
// Declaration", "Built-in Values", "Input-output Locations", "Interpolation"), per-entry-point
// limits and binding conflicts (section "Limits", "Resource Interface"), recursion and call depth
// (section "Function Calls"), and built-ins and address spaces restricted to some shader stages.
// resolve() runs it right after the resolver, as Tint separates its Validator from its Resolver.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "interp/ast/ast.h"
#include "interp/sema/program.h"

namespace wgsl {
class DiagnosticList;
}

namespace wgsl::sema::internal {

// Behaviors of section "Statements Behavior Analysis" (the resolver computes them).
enum Behavior : unsigned { kNext = 1, kReturn = 2, kBreak = 4, kContinue = 8 };
using Behaviors = unsigned;

// The stage a shader stage attribute names (@compute, @vertex, @fragment); none for others.
std::optional<ShaderStage> shaderStageOf(const ast::Attribute& a);

// What the resolver records for the validator besides the Program, per function: the functions
// it calls, the module-scope variables it names, its calls of built-ins (and statements) that
// only exist in some shader stages, the behavior of its body and the bytes of its function-scope
// variables.
struct FunctionRecords {
  struct RestrictedCall {
    std::string name;                 // the built-in (or "discard"), for the message
    std::vector<std::string> stages;  // the stages it exists in, e.g. {"fragment"}
    SourceRange range;
  };
  std::map<const ast::FunctionDecl*, std::set<const ast::FunctionDecl*>> calls;
  std::map<const ast::FunctionDecl*, std::set<const ast::VarDecl*>> uses;
  std::map<const ast::FunctionDecl*, std::vector<RestrictedCall>> restricted;
  std::map<const ast::FunctionDecl*, Behaviors> behaviors;
  std::map<const ast::FunctionDecl*, uint64_t> function_bytes;
};

class Validator {
 public:
  Validator(const ast::Module& module, const Program& program, const FunctionRecords& records,
            DiagnosticList& diags)
      : module_(module), p_(program), records_(records), diags_(diags) {}

  // Every check below, in the order the resolver used to report them: signatures, stage
  // attributes and entry-point interfaces, function bodies, recursion, per-entry-point limits, stage
  // restrictions.
  void run();

  // The functions in the shader of entry point `name`: it and every function it calls,
  // directly or not (empty if there is no such entry point).
  std::set<const ast::FunctionDecl*> shaderFunctions(const std::string& name) const;

  // Section "Built-in Values": one row per built-in value and stage, with its direction, its type
  // and the enable-extension it requires.
  struct BuiltinValue {
    const char* name;
    ShaderStage stage;
    bool input;
    const char* type;  // WGSL spelling; "array<f32, N>" for clip_distances
    const char* extension;
  };
  static const std::vector<BuiltinValue>& builtinValues();

 private:
  // ------------------------------------------------- entry-point interface (entry_point_io.cpp)

  // The parameters and return value of entry point `f` of `stage` (section "Entry Point
  // Declaration"): each needs @builtin or @location (structures: on each member); a vertex
  // shader returns the position; a compute shader returns nothing.
  void checkInterface(const ast::FunctionDecl& f, ShaderStage stage);

  // One interface item: a parameter, a return value, or a member of a structure used as one.
  // Built-in values must exist for the stage and direction, with their type (section "Built-in
  // Values"); @location needs a numeric scalar or vector and a distinct non-negative value
  // (section "Input-output Locations"). `seen_builtins` holds the built-ins and locations used so far.
  void checkIoItem(const ast::AttributeList& attrs, const Type* t, const std::string& what, SourceRange r,
                   ShaderStage stage, bool input, std::set<std::string>& seen_builtins, bool allow_struct);

  // Section "Interpolation": sampling names allowed per interpolation type, and integer
  // inter-stage values (vertex outputs, fragment inputs) must be `flat`.
  void checkInterpolation(const ast::AttributeList& attrs, const Type* t, const std::string& what, SourceRange r,
                          ShaderStage stage, bool input);

  // -------------------------------------------------------- whole-program rules (validator.cpp)

  // The parameters and return value of a function that is no entry point take no interface
  // attributes (@builtin, @location, @interpolate, @invariant, @blend_src; section "Entry Point
  // Declaration"), and a function has at most 255 parameters (section "Limits").
  void checkSignature(const ast::FunctionDecl& f);
  // Shader stage attributes and @workgroup_size (sections "Entry Point Declaration", "Compute
  // Shaders and Workgroups"): at most one stage attribute; @workgroup_size only on, and required
  // on, compute entry points; at most 4294967295 invocations per workgroup (as Tint requires).
  void checkStageAttributes(const ast::FunctionDecl& f);
  // A function body's behavior: {Return} if the function has a return type (section "Function
  // Declaration"), not empty (section "Statements Behavior Analysis"); the bytes of its
  // 'function' variables: an error above kMaxVariableBytes, a warning above the
  // kPortableVariableBytes WGSL guarantees (section "Limits").
  void checkFunctionBody(const ast::FunctionDecl& f);

  // Recursion is an error (section "Function Calls"), and call chains longer than
  // kMaxCallDepth are rejected (later passes follow calls). A depth-first search over the call
  // graph with an explicit stack, then the longest chain from each function, callees first.
  void checkRecursion();

  // For each entry point, over the module-scope variables it statically accesses: binding
  // conflicts (section "Resource Interface"), workgroup variables outside compute shaders,
  // writable storage in vertex shaders, at most one immediate data variable of at most 64 bytes,
  // and the private (8192) and workgroup (kMaxWorkgroupStorageBytes) byte limits (section
  // "Limits"; override-sized arrays count with one element, as their size is not known before
  // pipeline creation).
  void checkAddressSpaceLimits();

  // Built-ins that only exist in some shader stages (derivatives and implicit-LOD sampling in
  // fragment shaders, barriers in compute shaders), reached from an entry point of another stage.
  void checkStageRestrictions();

  // The graph's entries for `f` (empty for a function without any).
  const std::set<const ast::FunctionDecl*>& calleesOf(const ast::FunctionDecl* f) const;
  const std::set<const ast::VarDecl*>& usesOf(const ast::FunctionDecl* f) const;
  const std::vector<FunctionRecords::RestrictedCall>& restrictedCallsOf(const ast::FunctionDecl* f) const;
  // The resolved parameter and return types of `f`.
  const FunctionInfo& functionInfo(const ast::FunctionDecl& f) const;
  bool enabled(const char* ext) const { return p_.enabled_extensions.count(ext) > 0; }

  const ast::Module& module_;
  const Program& p_;
  const FunctionRecords& records_;
  DiagnosticList& diags_;
};

}  // namespace wgsl::sema::internal
