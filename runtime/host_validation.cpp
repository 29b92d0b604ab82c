// WebGPU's host-side rules for buffers, bindings and dispatches, in one place: each returns
// findings (rule, field, sentence). Device::createBuffer and Device::dispatch throw the first;
// the run-spec runner prefixes them with the spec path and checks them before anything runs.
#include <fmt/format.h>

#include "runtime/runtime_data.h"

namespace wgsl::runtime {

std::string slotText(const ir::BindingSlot& s) {
  const char* kind = s.space == sema::AddressSpace::Uniform ? "uniform"
                     : s.access == sema::AccessMode::Read   ? "read-only storage"
                                                            : "storage";
  return fmt::format("'{}' (@group({}) @binding({}), {} buffer)", s.name, s.group, s.binding, kind);
}

namespace {

void add(Findings& out, Finding::Rule rule, std::string field, std::string message) {
  out.push_back(Finding{rule, std::move(field), std::move(message)});
}

std::string bindField(uint32_t group, uint32_t binding) { return fmt::format("bind.{}:{}", group, binding); }

const ir::Kernel& kernelOf(const ComputePipeline& pipeline) {
  const PipelineData* pd = DispatchAccess::pipeline(pipeline);
  if (!pd) throw Error("the ComputePipeline handle is empty (create it with Device::createComputePipeline)");
  return *pd->kernel;
}

}  // namespace

Findings Device::validateBuffer(uint64_t size, uint32_t usage) const {
  Findings out;
  if (size > options_.limits.max_buffer_size) {
    add(out, Finding::Rule::BufferSize, "size",
        fmt::format("cannot create a buffer of {} bytes: the device limit maxBufferSize is {}; nothing was allocated",
                    size, options_.limits.max_buffer_size));
  }
  if (usage == 0 || (usage & ~uint32_t{kUsageAll}) != 0) {
    add(out, Finding::Rule::BufferUsage, "usage", fmt::format("invalid buffer usage flags {:#x}", usage));
  }
  return out;
}

Findings Device::validateDispatch(const ComputePipeline& pipeline, uint32_t x, uint32_t y, uint32_t z) const {
  const ir::Kernel& k = kernelOf(pipeline);
  Findings out;
  const uint32_t counts[3] = {x, y, z};
  for (int i = 0; i < 3; ++i) {
    if (counts[i] > options_.limits.max_compute_workgroups_per_dimension) {
      add(out, Finding::Rule::DispatchLimit, "dispatch",
          fmt::format("dispatch of ({}, {}, {}) workgroups: {} in dimension {} exceeds the device limit "
                      "maxComputeWorkgroupsPerDimension = {}",
                      x, y, z, counts[i], "xyz"[i], options_.limits.max_compute_workgroups_per_dimension));
      break;
    }
  }
  // WebGPU (dispatchWorkgroups): the linear indices of linear_indexing must fit in a u32.
  const uint64_t groups = uint64_t{x} * y * z;
  const uint64_t invocations = groups * (uint64_t{k.workgroup_size[0]} * k.workgroup_size[1] * k.workgroup_size[2]);
  for (const ir::BuiltinInit& b : k.builtins) {
    const bool wg_index = b.value == ir::BuiltinValue::WorkgroupIndex, g_index = b.value == ir::BuiltinValue::GlobalIndex;
    if ((wg_index && groups > 0xffffffffu) || (g_index && invocations > 0xffffffffu)) {
      add(out, Finding::Rule::DispatchLimit, "dispatch",
          fmt::format("dispatch of ({}, {}, {}) workgroups: entry point '{}' uses {}, and the {} ({}) is out of the "
                      "range of u32",
                      x, y, z, k.entry, wg_index ? "workgroup_index" : "global_invocation_index",
                      wg_index ? "number of workgroups" : "number of invocations", wg_index ? groups : invocations));
      break;
    }
  }
  // Each worker thread holds the private memory and registers of one workgroup.
  const uint32_t S = options_.subgroup_size;
  const uint64_t W = uint64_t{k.workgroup_size[0]} * k.workgroup_size[1] * k.workgroup_size[2];
  const uint64_t lanes = (W + S - 1) / S * S;
  const uint64_t bytes = lanes * (uint64_t{k.private_size} + uint64_t{k.num_regs} * 4);
  if (bytes > (uint64_t{1} << 30)) {
    add(out, Finding::Rule::PrivateMemory, "",
        fmt::format("entry point '{}' needs {} bytes of private memory and {} registers per invocation, {} MiB per "
                    "workgroup; wgslemu supports at most 1024 MiB",
                    k.entry, k.private_size, k.num_regs, bytes >> 20));
  }
  return out;
}

Findings Device::validateIndirect(uint64_t buffer_size, uint32_t usage, uint64_t offset, const std::string& name) const {
  Findings out;
  const std::string buf = name.empty() ? std::string("the indirect buffer") : fmt::format("buffer '{}'", name);
  if (!(usage & kUsageIndirect)) {
    add(out, Finding::Rule::IndirectUsage, "dispatch_indirect", buf + " was not created with kUsageIndirect");
  }
  if (offset % 4 != 0) {
    add(out, Finding::Rule::IndirectRange, "dispatch_indirect",
        fmt::format("offset {} into {} is not a multiple of 4", offset, buf));
  } else if (offset > buffer_size || buffer_size - offset < 12) {
    add(out, Finding::Rule::IndirectRange, "dispatch_indirect",
        fmt::format("{} has {} bytes; the three workgroup counts at offset {} need {}", buf, buffer_size, offset,
                    offset + 12));
  }
  return out;
}

Findings Device::validateBindings(const ComputePipeline& pipeline, const std::vector<BindingPlan>& plan) const {
  const ir::Kernel& k = kernelOf(pipeline);
  const Limits& lim = options_.limits;
  Findings out;
  for (const auto& p : plan) {
    bool used = false;
    for (const auto& s : k.slots) used = used || (s.group == p.group && s.binding == p.binding);
    if (!used) {
      add(out, Finding::Rule::UnusedEntry, bindField(p.group, p.binding),
          fmt::format("entry point '{}' has no resource at @group({}) @binding({})", k.entry, p.group, p.binding));
    }
  }
  struct Bound {
    const BindingPlan* plan;
    uint64_t size;
    bool writable;
    const ir::BindingSlot* slot;
  };
  std::vector<Bound> bound;
  for (const auto& s : k.slots) {
    const BindingPlan* found = nullptr;
    bool twice = false;
    for (const auto& p : plan) {
      if (p.group != s.group || p.binding != s.binding) continue;
      twice = twice || found;
      found = &p;
    }
    const std::string field = bindField(s.group, s.binding);
    if (twice) {
      add(out, Finding::Rule::BoundTwice, field,
          fmt::format("@group({}) @binding({}) is bound twice in the bind groups given", s.group, s.binding));
      continue;
    }
    if (!found) {
      add(out, Finding::Rule::Unbound, "bind",
          fmt::format("entry point '{}' uses {}, but no buffer is bound there", k.entry, slotText(s)));
      continue;
    }
    if (!found->buffer) {
      add(out, Finding::Rule::NullBuffer, field,
          fmt::format("the buffer bound to {} is an empty Buffer handle", slotText(s)));
      continue;
    }
    const std::string buf = found->name.empty() ? std::string("the buffer") : fmt::format("buffer '{}'", found->name);
    const uint64_t bsize = found->buffer_size;
    const bool uniform = s.space == sema::AddressSpace::Uniform;
    if (uniform && !(found->usage & kUsageUniform)) {
      add(out, Finding::Rule::Usage, field, fmt::format("{} bound to {} was not created with kUsageUniform", buf,
                                                        slotText(s)));
      continue;
    }
    if (!uniform && !(found->usage & kUsageStorage)) {
      add(out, Finding::Rule::Usage, field,
          fmt::format("{} bound to {} was not created with kUsageStorage (a uniform buffer cannot be bound to a "
                      "storage slot)",
                      buf, slotText(s)));
      continue;
    }
    const uint32_t align = uniform ? lim.min_uniform_buffer_offset_alignment : lim.min_storage_buffer_offset_alignment;
    if (found->offset % align != 0) {
      add(out, Finding::Rule::OffsetAlignment, field,
          fmt::format("the binding offset {} for {} is not a multiple of {} (the device's min{}BufferOffsetAlignment)",
                      found->offset, slotText(s), align, uniform ? "Uniform" : "Storage"));
      continue;
    }
    if (found->offset > bsize) {
      add(out, Finding::Rule::Range, field,
          fmt::format("the binding offset {} for {} is past the end of the {}-byte buffer", found->offset, slotText(s),
                      bsize));
      continue;
    }
    const uint64_t size = found->size == ~uint64_t{0} ? bsize - found->offset : found->size;
    if (size > bsize - found->offset) {
      add(out, Finding::Rule::Range, field,
          fmt::format("the binding range (offset {}, size {}) for {} does not fit in the {}-byte buffer", found->offset,
                      size, slotText(s), bsize));
      continue;
    }
    const std::string range = found->name.empty() || found->offset != 0 || size != bsize
                                  ? std::string("the buffer range")
                                  : buf;
    if (size < s.min_size) {
      add(out, Finding::Rule::MinBindingSize, field,
          fmt::format("{} bound to {} is {} bytes, smaller than the minimum binding size {} of its type", range,
                      slotText(s), size, s.min_size));
      continue;
    }
    if (!uniform && size % 4 != 0) {
      add(out, Finding::Rule::BindingSize, field,
          fmt::format("{} bound to {} is {} bytes; a storage binding's size must be a multiple of 4", range, slotText(s),
                      size));
      continue;
    }
    const uint64_t max = uniform ? lim.max_uniform_buffer_binding_size : lim.max_storage_buffer_binding_size;
    if (size > max) {
      add(out, Finding::Rule::BindingSize, field,
          fmt::format("{} bound to {} is {} bytes, more than the device limit max{}BufferBindingSize = {}", range,
                      slotText(s), size, uniform ? "Uniform" : "Storage", max));
      continue;
    }
    const bool writable = !uniform && s.access != sema::AccessMode::Read;
    for (const auto& o : bound) {
      if (o.plan->buffer == found->buffer && (writable || o.writable) && found->offset < o.plan->offset + o.size &&
          o.plan->offset < found->offset + size) {
        add(out, Finding::Rule::WritableAliasing, "bind",
            fmt::format("{} and {} are bound to overlapping ranges of {} and at least one is writable: WebGPU forbids "
                        "this aliasing (a buffer bound read_write cannot be bound again in the same pass)",
                        slotText(*o.slot), slotText(s), found->name.empty() ? "the same buffer" : buf));
      }
    }
    bound.push_back(Bound{found, size, writable, &s});
  }
  return out;
}

}  // namespace wgsl::runtime
