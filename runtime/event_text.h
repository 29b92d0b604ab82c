// The words of the Report's events, one home for every path (the parallel fast path, the checked
// engine, the step-wise schedulers): where an instruction is, how a variable is named, and the
// sentence of each event kind that more than one path reports.
#pragma once

#include <string>

#include "interp/ir/ir.h"
#include "runtime/checks/check_events.h"
#include "runtime/runtime.h"

namespace wgsl::runtime {

SourceLocation locationOf(const ir::Kernel& k, uint32_t pc);
std::string where(const SourceLocation& l);  // "file:line:col"
// "storage buffer 'out' (@group(0) @binding(1))", "workgroup variable 'tile'".
std::string variableText(const ir::Kernel& k, uint32_t root);

// An out-of-bounds access through a memory view: "FILE:L:C: out-of-bounds read of 4 bytes at
// byte offset 64 of storage buffer 'out' (...) (64 bytes) by invocation 2 of workgroup (0, 0, 0):
// the load gave zero". The same sentence whether the fast path or a bounds policy found it.
std::string oobMessage(const ir::Kernel& k, uint32_t root, const checks::OobEvent& e);

}  // namespace wgsl::runtime
