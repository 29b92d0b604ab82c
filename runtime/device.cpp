// The device: options, buffer creation, dispatch validation (WebGPU's host-side rules) and the
// translation of execution events into the Report.
#include <fmt/format.h>

#include <algorithm>
#include <thread>

#include "grammar/source_text.h"
#include "interp/exec/dispatch.h"
#include "runtime/engine_checks.h"
#include "runtime/invocation_text.h"
#include "runtime/float_options.h"
#include "runtime/runtime_data.h"
#include "runtime/sched_dispatch.h"

namespace wgsl::runtime {

struct Device::Impl {
  std::atomic<bool> running{false};
  std::atomic<uint64_t> done{0};
  std::atomic<uint64_t> total{0};
  uint64_t dispatches = 0;  // issue 7: dispatch number, for --subgroup-size=random:SEED
};

Progress Device::progress() const {
  Progress p;
  p.running = impl_->running.load(std::memory_order_relaxed);
  p.workgroups_done = impl_->done.load(std::memory_order_relaxed);
  p.workgroups_total = impl_->total.load(std::memory_order_relaxed);
  return p;
}

Device::Device(const DeviceOptions& options) : options_(options), impl_(std::make_unique<Impl>()) {
  const uint32_t s = options.subgroup_size;
  if (s < 4 || s > 128 || (s & (s - 1)) != 0) {
    throw Error(fmt::format("subgroup size {} is not supported: it must be a power of two from 4 to 128", s));
  }
  // Issue 7: scheduler options.
  const std::string sched_error = checkSchedulingOptions(options);
  if (!sched_error.empty()) throw Error(sched_error);
  validateCheckOptions(options);  // issue 9
  floatModeOf(options);  // issue 8: validates float_mode and nonfinite
}

Device::~Device() = default;

Buffer Device::createBuffer(uint64_t size, uint32_t usage) {
  if (size > options_.limits.max_buffer_size) {
    throw Error(fmt::format("cannot create a buffer of {} bytes: the device limit maxBufferSize is {}", size,
                            options_.limits.max_buffer_size));
  }
  if (usage == 0 || (usage & ~uint32_t{kUsageAll}) != 0) throw Error(fmt::format("invalid buffer usage flags {:#x}", usage));
  Buffer b;
  b.data_ = std::make_shared<BufferData>();
  b.data_->bytes.assign(static_cast<size_t>(size), 0);
  b.data_->usage = usage;
  return b;
}

struct DispatchAccess {
  static BufferData* buffer(const Buffer& b) { return b.data_.get(); }
  static PipelineData* pipeline(const ComputePipeline& p) { return p.data_.get(); }
};

namespace {

std::string slotName(const ir::BindingSlot& s) {
  const char* kind = s.space == sema::AddressSpace::Uniform ? "uniform"
                     : s.access == sema::AccessMode::Read   ? "read-only storage"
                                                            : "storage";
  return fmt::format("'{}' (@group({}) @binding({}), {} buffer)", s.name, s.group, s.binding, kind);
}

std::string invocationText(const exec::ExecEvent& e, const ir::Kernel& k) {
  const uint32_t i = e.local_index;
  const uint32_t x = k.workgroup_size[0], y = k.workgroup_size[1];
  return fmt::format("local_invocation_id ({}, {}, {}) (local_invocation_index {}) of workgroup ({}, {}, {})", i % x,
                     (i / x) % y, i / (x * y), i, e.workgroup[0], e.workgroup[1], e.workgroup[2]);
}


Event makeEvent(const exec::ExecEvent& e, const ir::Kernel& k) {
  Event ev;
  const ir::Inst& inst = k.code[e.pc];
  if (k.file) {
    const SourcePos pos = k.file->position(inst.loc);
    ev.location = SourceLocation{k.file->name(), pos.line, pos.column};
  }
  const std::string where = fmt::format("{}:{}:{}", ev.location.file, ev.location.line, ev.location.column);
  ev.workgroup_id[0] = e.workgroup[0];
  ev.workgroup_id[1] = e.workgroup[1];
  ev.workgroup_id[2] = e.workgroup[2];
  ev.local_invocation_index = e.local_index;
  switch (e.kind) {
    case exec::ExecEvent::OutOfBounds: {
      if (e.root == exec::kValueRoot) return valueIndexEvent(e, k);  // issue 9
      ev.kind = Event::OutOfBounds;
      const ir::Root& r = k.roots[e.root];
      ev.variable = r.name;
      if (r.slot >= 0) {
        ev.group = k.slots[r.slot].group;
        ev.binding = k.slots[r.slot].binding;
      }
      ev.offset = e.offset;
      ev.size = e.size;
      ev.write = e.write;
      ev.access = e.write ? "write" : "read", ev.action = e.write ? "drop-store" : "load-zero";  // issue 9
      const std::string var = r.slot >= 0 ? slotName(k.slots[r.slot]) : fmt::format("'{}' ({} variable)", r.name, sema::toString(r.space));
      const std::string what = e.offset >= ir::kInvalidOffset
                                   ? std::string("through an array index out of range")
                                   : fmt::format("at byte offset {}", e.offset);
      ev.message = fmt::format("{}: out-of-bounds {} of {} bytes {} of {} by {}; {}", where, e.write ? "store" : "load",
                               e.size, what, var, invocationText(e, k),
                               e.write ? "the store was discarded" : "the load returned zero");
      break;
    }
    case exec::ExecEvent::BarrierDivergence:
      ev.kind = Event::BarrierDivergence;
      ev.message = fmt::format(
          "{}: barrier reached in non-uniform control flow in workgroup ({}, {}, {}): invocations (local_invocation_index) "
          "{} arrived, {} did not; every invocation of a workgroup must reach the same barrier",
          where, e.workgroup[0], e.workgroup[1], e.workgroup[2], listInvocations(e.arrived), listInvocations(e.missing));
      ev.message += divergenceDetails(e, k);  // issue 9
      break;
    case exec::ExecEvent::Internal:  // thrown by dispatch() before events are made
      break;
    case exec::ExecEvent::NonFinite: {  // issue 8
      ev.kind = Event::NonFinite;
      ev.operation = e.operation;
      ev.operands.assign(e.operands, e.operands + e.num_operands);
      ev.result = e.result;
      math::NonFiniteRecord r;
      r.loc = inst.loc;
      std::memcpy(r.workgroup, e.workgroup, sizeof r.workgroup);
      r.local_index = e.local_index;
      r.operation = e.operation;
      r.type = e.float_type == 0 ? math::FloatType::F32 : math::FloatType::F16;
      r.num_operands = e.num_operands;
      std::memcpy(r.operands, e.operands, sizeof r.operands);
      r.result = e.result;
      ev.message = math::describe(r, where);
      break;
    }
    case exec::ExecEvent::InstructionLimit:
      ev.kind = Event::InstructionLimit;
      ev.message = fmt::format("{}: workgroup ({}, {}, {}) exceeded the instruction limit of the device; stopped here",
                               where, e.workgroup[0], e.workgroup[1], e.workgroup[2]);
      break;
  }
  return ev;
}

}  // namespace

Report Device::dispatch(const ComputePipeline& pipeline, const std::vector<BindGroup>& groups, uint32_t x, uint32_t y,
                        uint32_t z) {
  PipelineData* pd = DispatchAccess::pipeline(pipeline);
  if (!pd) throw Error("dispatch: the ComputePipeline handle is empty (create it with Device::createComputePipeline)");
  const ir::Kernel& k = *pd->kernel;
  const Limits& lim = options_.limits;
  const uint32_t counts[3] = {x, y, z};
  for (int i = 0; i < 3; ++i) {
    if (counts[i] > lim.max_compute_workgroups_per_dimension) {
      throw Error(fmt::format("dispatch of ({}, {}, {}) workgroups: {} in dimension {} exceeds the device limit "
                              "maxComputeWorkgroupsPerDimension = {}",
                              x, y, z, counts[i], "xyz"[i], lim.max_compute_workgroups_per_dimension));
    }
  }

  {
    // Each worker thread holds the private memory and registers of one workgroup.
    const uint32_t S = options_.subgroup_size;
    const uint64_t W = uint64_t{k.workgroup_size[0]} * k.workgroup_size[1] * k.workgroup_size[2];
    const uint64_t lanes = (W + S - 1) / S * S;
    const uint64_t bytes = lanes * (uint64_t{k.private_size} + uint64_t{k.num_regs} * 4);
    if (bytes > (uint64_t{1} << 30)) {
      throw Error(fmt::format("dispatch: entry point '{}' needs {} bytes of private memory and {} registers per "
                              "invocation, {} MiB per workgroup; wgslemu supports at most 1024 MiB",
                              k.entry, k.private_size, k.num_regs, bytes >> 20));
    }
  }
  exec::DispatchParams params;
  params.kernel = &k;
  params.subgroup_size = options_.subgroup_size;
  params.num_workgroups[0] = x;
  params.num_workgroups[1] = y;
  params.num_workgroups[2] = z;
  params.threads = options_.threads;
  params.max_instructions_per_workgroup = options_.max_instructions_per_workgroup;
  params.max_events = Report::kMaxEvents;
  params.schedule.seed = options_.seed;
  params.schedule.slice = options_.preempt_every;
  params.float_policy.modes = floatModeOf(options_);  // issue 8

  struct Bound {
    const BufferData* buf;
    uint64_t offset, size;
    bool writable;
    const ir::BindingSlot* slot;
  };
  std::vector<Bound> bound;
  for (const auto& s : k.slots) {
    const BindGroup::Entry* found = nullptr;
    for (const auto& g : groups) {
      for (const auto& e : g.entries()) {
        if (e.group != s.group || e.binding != s.binding) continue;
        if (found) {
          throw Error(fmt::format("dispatch: @group({}) @binding({}) is bound twice in the bind groups given", s.group,
                                  s.binding));
        }
        found = &e;
      }
    }
    if (!found) {
      throw Error(fmt::format("dispatch: entry point '{}' uses {}, but no buffer is bound there", k.entry, slotName(s)));
    }
    const BufferData* buf = DispatchAccess::buffer(found->buffer);
    if (!buf) throw Error(fmt::format("dispatch: the buffer bound to {} is an empty Buffer handle", slotName(s)));
    const uint64_t bsize = buf->bytes.size();
    const bool uniform = s.space == sema::AddressSpace::Uniform;
    if (uniform && !(buf->usage & kUsageUniform)) {
      throw Error(fmt::format("dispatch: the buffer bound to {} was not created with kUsageUniform", slotName(s)));
    }
    if (!uniform && !(buf->usage & kUsageStorage)) {
      throw Error(fmt::format("dispatch: the buffer bound to {} was not created with kUsageStorage (a uniform buffer "
                              "cannot be bound to a storage slot)",
                              slotName(s)));
    }
    const uint32_t align = uniform ? lim.min_uniform_buffer_offset_alignment : lim.min_storage_buffer_offset_alignment;
    if (found->offset % align != 0) {
      throw Error(fmt::format("dispatch: the binding offset {} for {} is not a multiple of {} (the device's "
                              "min{}BufferOffsetAlignment)",
                              found->offset, slotName(s), align, uniform ? "Uniform" : "Storage"));
    }
    if (found->offset > bsize) {
      throw Error(fmt::format("dispatch: the binding offset {} for {} is past the end of the {}-byte buffer",
                              found->offset, slotName(s), bsize));
    }
    const uint64_t size = found->size == ~uint64_t{0} ? bsize - found->offset : found->size;
    if (size > bsize - found->offset) {
      throw Error(fmt::format("dispatch: the binding range (offset {}, size {}) for {} does not fit in the {}-byte buffer",
                              found->offset, size, slotName(s), bsize));
    }
    if (size < s.min_size) {
      throw Error(fmt::format("dispatch: the buffer range bound to {} is {} bytes, smaller than the minimum binding "
                              "size {} of its type",
                              slotName(s), size, s.min_size));
    }
    if (!uniform && size % 4 != 0) {
      throw Error(fmt::format("dispatch: the buffer range bound to {} is {} bytes; a storage binding's size must be a "
                              "multiple of 4",
                              slotName(s), size));
    }
    const uint64_t max = uniform ? lim.max_uniform_buffer_binding_size : lim.max_storage_buffer_binding_size;
    if (size > max) {
      throw Error(fmt::format("dispatch: the buffer range bound to {} is {} bytes, more than the device limit "
                              "max{}BufferBindingSize = {}",
                              slotName(s), size, uniform ? "Uniform" : "Storage", max));
    }
    const bool writable = !uniform && s.access != sema::AccessMode::Read;
    for (const auto& o : bound) {
      if (o.buf == buf && (writable || o.writable) && found->offset < o.offset + o.size &&
          o.offset < found->offset + size) {
        throw Error(fmt::format("dispatch: {} and {} are bound to overlapping ranges of the same buffer and at least one "
                                "is writable (WebGPU forbids this aliasing)",
                                slotName(*o.slot), slotName(s)));
      }
    }
    bound.push_back(Bound{buf, found->offset, size, writable, &s});
    params.slot_base.push_back(const_cast<uint8_t*>(buf->bytes.data()) + found->offset);
    params.slot_size.push_back(size);
  }

  Report report;
  if (uint64_t{x} * y * z == 0) return report;  // nothing to run
  impl_->done.store(0, std::memory_order_relaxed);
  impl_->total.store(uint64_t{x} * y * z, std::memory_order_relaxed);
  impl_->running.store(true, std::memory_order_relaxed);
  params.workgroups_done = &impl_->done;
  // Issue 7: the progress model. `fair` runs the parallel fast path (with the yield rule that
  // keeps it fair); every other model runs step by step from one deterministic loop.
  params.subgroup_size = subgroupSizeFor(options_, impl_->dispatches++);
  report.subgroup_size = params.subgroup_size;
  std::unique_ptr<exec::FairYielder> yielder;
  std::unique_ptr<EngineChecks> checks;  // issue 9
  exec::DispatchResult res;
  try {
    if (checksWanted(options_)) params.checks = (checks = std::make_unique<EngineChecks>(options_, k, params)).get();
    if (needsStepwise(options_)) {
      res = runStepwise(params, options_, report, pd->program.get());
    } else {
      const unsigned workers = options_.threads ? options_.threads : std::max(1u, std::thread::hardware_concurrency());
      yielder = makeFairYielder(options_, workers + 1);
      params.yielder = yielder.get();
      report.scheduler = "fair (parallel)";
      res = exec::runDispatch(params);
      reportParallelHang(*yielder, params, res, pd->program.get(), report);
    }
  } catch (...) {
    impl_->running.store(false, std::memory_order_relaxed);
    throw;
  }
  impl_->running.store(false, std::memory_order_relaxed);
  report.stats.instructions = res.stats.instructions;
  report.stats.workgroups = res.stats.workgroups;
  report.stats.subgroups = res.stats.subgroups;
  report.stats.invocations = res.stats.invocations;
  report.event_count = res.event_count;
  for (const auto& e : res.events) report.events.push_back(makeEvent(e, k));
  for (const auto& e : res.nonfinite_events) {  // issue 8: informational, status unchanged
    if (report.events.size() < Report::kMaxEvents) report.events.push_back(makeEvent(e, k));
    ++report.event_count;
  }
  switch (res.status) {
    case exec::ExecStatus::Ok: report.status = res.event_count ? Status::DynamicError : Status::Ok; break;
    case exec::ExecStatus::UniformityError: report.status = Status::UniformityError; break;
    case exec::ExecStatus::InstructionLimit: report.status = Status::InstructionLimit; break;
    case exec::ExecStatus::InternalError: {
      std::string where;
      for (const auto& e : res.events) {
        if (e.kind != exec::ExecEvent::Internal) continue;
        const ir::Inst& inst = k.code[e.pc];
        const SourcePos pos = k.file ? k.file->position(inst.loc) : SourcePos{};
        where = fmt::format("{}:{}:{}: instruction '{}'", k.file ? k.file->name() : "?", pos.line, pos.column,
                            ir::opName(inst.op));
      }
      throw Error("internal error: wgslemu cannot execute " + where + " (please report this with the shader)");
    }
  }
  if (!report.hang.empty() && report.status != Status::UniformityError) report.status = Status::Hang;  // issue 7
  if (checks) checks->finish(report);  // issue 9
  return report;
}

Report Device::dispatchIndirect(const ComputePipeline& pipeline, const std::vector<BindGroup>& groups,
                                const Buffer& indirect, uint64_t offset) {
  const BufferData* buf = DispatchAccess::buffer(indirect);
  if (!buf) throw Error("dispatchIndirect: the indirect Buffer handle is empty");
  if (!(buf->usage & kUsageIndirect)) throw Error("dispatchIndirect: the buffer was not created with kUsageIndirect");
  if (offset % 4 != 0) throw Error(fmt::format("dispatchIndirect: offset {} is not a multiple of 4", offset));
  if (offset > buf->bytes.size() || buf->bytes.size() - offset < 12) {
    throw Error(fmt::format("dispatchIndirect: the buffer ({} bytes) has no 12 bytes of workgroup counts at offset {}",
                            buf->bytes.size(), offset));
  }
  uint32_t c[3];
  std::memcpy(c, buf->bytes.data() + offset, 12);
  // WebGPU: an indirect dispatch beyond the limits is not an error; it does nothing.
  for (uint32_t v : c) {
    if (v > options_.limits.max_compute_workgroups_per_dimension) return Report{};
  }
  return dispatch(pipeline, groups, c[0], c[1], c[2]);
}

}  // namespace wgsl::runtime
