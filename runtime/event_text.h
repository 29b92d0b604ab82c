// The words of the Report's events, one home for every path (the parallel fast path, the checked
// engine, the step-wise schedulers): where an instruction is, how a variable is named, and the
// sentence of each event kind that more than one path reports.
#pragma once

#include <string>
#include <vector>

#include "interp/exec/dispatch.h"
#include "interp/ir/ir.h"
#include "runtime/checks/check_events.h"
#include "runtime/runtime.h"

namespace wgsl::runtime {

// The Report's event for an engine event (device.cpp): the message `wgslemu run` prints. Also for
// debuggers that stop at the event (tools/debug).
Event makeEvent(const exec::ExecEvent& e, const ir::Kernel& k, const std::vector<uint64_t>& slot_size);

SourceLocation locationOf(const ir::Kernel& k, uint32_t pc);
std::string where(const SourceLocation& l);  // "file:line:col"
// "storage buffer 'out' (@group(0) @binding(1))", "workgroup variable 'tile'".
std::string variableText(const ir::Kernel& k, uint32_t root);

// An out-of-bounds access through a memory view: "FILE:L:C: out-of-bounds read of 4 bytes at
// byte offset 64 of storage buffer 'out' (...) (64 bytes) by invocation 2 of workgroup (0, 0, 0):
// the load gave zero". The same sentence whether the fast path or a bounds policy found it.
std::string oobMessage(const ir::Kernel& k, uint32_t root, const checks::OobEvent& e);

// An index out of range caught at the index (into a value in registers, or under --oob=clamp):
// "FILE:L:C: index 9 out of range for WHAT by invocation 3 of workgroup (0, 0, 0): OUTCOME".
std::string indexMessage(const SourceLocation& at, const std::string& index, const std::string& what,
                         uint32_t local_index, const uint32_t workgroup[3], const std::string& outcome);

// A barrier reached in non-uniform control flow: who arrived and who did not (local indices).
std::string barrierDivergenceMessage(const SourceLocation& at, const uint32_t workgroup[3],
                                     const std::vector<uint32_t>& arrived, const std::vector<uint32_t>& missing);

// A workgroup stopped by DeviceOptions::max_instructions_per_workgroup.
std::string instructionLimitMessage(const SourceLocation& at, const uint32_t workgroup[3]);

// A subgroup or quad operation reached with some lanes inactive (--allow-nonuniform).
std::string collectiveMessage(const SourceLocation& at, const std::string& operation, uint32_t subgroup,
                              const uint32_t workgroup[3], uint32_t active, uint32_t lanes);

// The WGSL name of the built-in function an instruction implements ("subgroupShuffle",
// "subgroupAdd", "atomicAdd"; interp/ir/builtin_of.h); the IR's name for other instructions.
std::string builtinNameOf(ir::Op op);

// A broadcast, shuffle or quad operation that selected an inactive invocation or one outside the
// subgroup: "FILE:L:C: subgroupShuffle by invocation 5 of workgroup (0, 0, 0) (subgroup
// invocation 5) selected subgroup invocation 40, outside the subgroup of 32 invocations: ...".
std::string inactiveInvocationMessage(const SourceLocation& at, ir::Op op, uint32_t local_index, const uint32_t workgroup[3],
                                      uint32_t lane, int64_t selected, uint32_t subgroup_size);

}  // namespace wgsl::runtime
