#include "interp/uniformity/label_text.h"

#include "interp/sema/types.h"
#include "interp/sema/builtin_fn.h"

namespace wgsl::uniformity {
namespace {

std::string q(const std::string* s) { return s ? "'" + *s + "'" : "'?'"; }

}  // namespace

std::string labelText(const Label& l) {
  using sema::AddressSpace;
  switch (l.kind) {
    case LabelKind::None:
    case LabelKind::Param:
    case LabelKind::ParamContents: return {};
    case LabelKind::Condition: return "control flow depends on possibly non-uniform value";
    case LabelKind::BreakIf: return "control flow after this 'break if' depends on possibly non-uniform value";
    case LabelKind::ShortCircuit:
      return "whether the right operand is evaluated depends on this possibly non-uniform value";
    case LabelKind::LetDecl: return q(l.a) + " is declared with a possibly non-uniform value";
    case LabelKind::VarDecl: return q(l.a) + " is initialized with a possibly non-uniform value";
    case LabelKind::Assign: return q(l.a) + " is assigned a possibly non-uniform value here";
    case LabelKind::StorageRead:
      switch (AddressSpace(l.extra)) {
        case AddressSpace::Storage:
          return "reading from read_write storage buffer " + q(l.a) + " may result in a non-uniform value";
        case AddressSpace::Workgroup:
          return "reading from workgroup variable " + q(l.a) + " may result in a non-uniform value";
        default:
          return "reading from module-scope private variable " + q(l.a) + " may result in a non-uniform value";
      }
    case LabelKind::PtrParamRead:
      return "reading through pointer parameter " + q(l.a) + " of " + q(l.b) + " (address space '" +
             sema::toString(AddressSpace(l.extra)) + "') may result in a non-uniform value";
    case LabelKind::BuiltinValue:
      return "built-in value " + q(l.a) + " (parameter " + q(l.b) + ") may be non-uniform";
    case LabelKind::UserInput: return "user-defined input " + q(l.a) + " may be non-uniform";
    case LabelKind::BuiltinResult: {
      std::string s = "the result of " + q(l.a) + " may be non-uniform";
      switch (sema::builtinUniformity(static_cast<sema::BuiltinFn>(l.extra))) {
        case sema::BuiltinUniformity::Atomic: return s + " (atomic operations return per-invocation values)";
        case sema::BuiltinUniformity::Derivative: return s + " (derivatives differ between invocations)";
        case sema::BuiltinUniformity::TextureLoad: return s + " (a read_write storage texture can change during the dispatch)";
        default: return s + " (at this uniformity scope)";
      }
    }
    case LabelKind::CallNeedsUniformCf:
      return q(l.a) + " must only be called from uniform control flow, because it calls " + q(l.b) +
             (l.extra ? " (indirectly)" : "");
    case LabelKind::ParamMustBeUniform: return "parameter " + q(l.a) + " of " + q(l.b) + " must be a uniform value";
    case LabelKind::ParamContentsMustBeUniform:
      return "the value pointed to by parameter " + q(l.a) + " of " + q(l.b) + " must be uniform";
    case LabelKind::MayReturnNonUniform: return q(l.a) + " may return a non-uniform value";
    case LabelKind::CallResult: return "the return value of " + q(l.a) + " may be non-uniform";
    case LabelKind::PtrAfterCall:
      return "after this call, the value pointed to by parameter " + q(l.a) + " of " + q(l.b) +
             " may be non-uniform";
    case LabelKind::PtrArgInNonUniformCf:
      return "a pointer to this variable is passed to " + q(l.a) +
             " in possibly non-uniform control flow, so its contents are treated as non-uniform afterwards";
  }
  return {};
}

}  // namespace wgsl::uniformity
