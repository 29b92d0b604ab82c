#include "interp/ir/lower.h"
namespace wgsl::ir {
std::unique_ptr<Kernel> lowerEntryPoint(const sema::Program&, const std::string&, const SourceFile&, LowerError& error) {
  error.message = "lowering is not implemented yet";
  return nullptr;
}
}  // namespace wgsl::ir
