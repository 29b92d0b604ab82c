// The words of the Report's events (see event_text.h).
#include "runtime/event_text.h"

#include <fmt/format.h>

#include "base/source_text.h"
#include "interp/ir/builtin_of.h"
#include "interp/sema/builtin_fn.h"
#include "runtime/invocation_text.h"

namespace wgsl::runtime {

SourceLocation locationOf(const ir::Kernel& k, uint32_t pc) {
  SourceLocation l;
  if (k.file && pc < k.code.size()) {
    const SourcePos p = k.file->position(k.code[pc].loc);
    l = SourceLocation{k.file->name(), p.line, p.column};
  }
  return l;
}

std::string where(const SourceLocation& l) { return fmt::format("{}:{}:{}", l.file, l.line, l.column); }

std::string variableText(const ir::Kernel& k, uint32_t root) {
  if (root >= k.roots.size()) return "memory";
  const ir::Root& r = k.roots[root];
  if (r.slot >= 0) {
    const ir::BindingSlot& s = k.slots[r.slot];
    const char* kind = s.space == sema::AddressSpace::Uniform ? "uniform buffer" : "storage buffer";
    return fmt::format("{} '{}' (@group({}) @binding({}))", kind, s.name, s.group, s.binding);
  }
  return fmt::format("{} variable '{}'", sema::toString(r.space), r.name);
}

std::string oobMessage(const ir::Kernel& k, uint32_t root, const checks::OobEvent& e) {
  checks::Namer n;
  n.location = [&](uint32_t pc) { return where(locationOf(k, pc)); };
  n.variable = variableText(k, root);
  return checks::describe(e, n);
}

std::string indexMessage(const SourceLocation& at, const std::string& index, const std::string& what,
                         uint32_t local_index, const uint32_t wg[3], const std::string& outcome) {
  return fmt::format("{}: index {} out of range for {} by invocation {} of workgroup ({}, {}, {}): {}", where(at), index,
                     what, local_index, wg[0], wg[1], wg[2], outcome);
}

std::string barrierDivergenceMessage(const SourceLocation& at, const uint32_t wg[3], const std::vector<uint32_t>& arrived,
                                     const std::vector<uint32_t>& missing) {
  return fmt::format(
      "{}: barrier reached in non-uniform control flow in workgroup ({}, {}, {}): invocations (local_invocation_index) "
      "{} arrived, {} did not; every invocation of a workgroup must reach the same barrier",
      where(at), wg[0], wg[1], wg[2], listInvocations(arrived), listInvocations(missing));
}

std::string instructionLimitMessage(const SourceLocation& at, const uint32_t wg[3]) {
  return fmt::format("{}: workgroup ({}, {}, {}) exceeded the instruction limit of the device; stopped here", where(at),
                     wg[0], wg[1], wg[2]);
}

std::string collectiveMessage(const SourceLocation& at, const std::string& operation, uint32_t subgroup,
                              const uint32_t wg[3], uint32_t active, uint32_t lanes) {
  return fmt::format(
      "{}: {} reached in non-uniform control flow: subgroup {} of workgroup ({}, {}, {}) had {} of its {} invocations "
      "active (the static uniformity analysis was overridden with --allow-nonuniform)",
      where(at), operation, subgroup, wg[0], wg[1], wg[2], active, lanes);
}

std::string builtinNameOf(ir::Op op) {
  const sema::BuiltinFn f = ir::builtinOf(op);
  return f != sema::BuiltinFn::None ? std::string(sema::builtinFnName(f)) : ir::opName(op);
}

std::string inactiveInvocationMessage(const SourceLocation& at, ir::Op op, uint32_t local_index, const uint32_t wg[3],
                                      uint32_t lane, int64_t selected, uint32_t subgroup_size) {
  const bool quad = op >= ir::Op::QuadBroadcast && op <= ir::Op::QuadSwapDiagonal;
  const std::string which =
      quad ? fmt::format("subgroup invocation {} (quad invocation {})", selected, selected & 3) : fmt::format("subgroup invocation {}", selected);
  const std::string why = selected < 0 || selected >= int64_t{subgroup_size}
                              ? fmt::format("outside the subgroup of {} invocations", subgroup_size)
                              : std::string("which is inactive");
  // subgroupBroadcast: "It is a dynamic error if id does not select an active invocation"; the
  // shuffles and quadBroadcast return an indeterminate value (WGSL, subgroup built-in functions).
  const char* rule = op == ir::Op::SgBroadcast ? "a dynamic error" : "its value is indeterminate";
  return fmt::format("{}: {} by invocation {} of workgroup ({}, {}, {}) (subgroup invocation {}) selected {}, {}: {}; the "
                     "result is zero",
                     where(at), builtinNameOf(op), local_index, wg[0], wg[1], wg[2], lane, which, why, rule);
}

}  // namespace wgsl::runtime
