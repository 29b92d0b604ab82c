#include "interp/exec/dispatch.h"
namespace wgsl::exec {
DispatchResult runDispatch(const DispatchParams&) { return {}; }
}  // namespace wgsl::exec
