#include "interp/ir/ir.h"
namespace wgsl::ir {
std::string dump(const Kernel&) { return {}; }
}  // namespace wgsl::ir
