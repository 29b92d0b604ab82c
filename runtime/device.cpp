// The device: options, buffer creation, dispatch validation (WebGPU's host-side rules) and the
// translation of execution events into the Report.
#include <fmt/format.h>

#include <algorithm>
#include <thread>

#include "base/source_text.h"
#include "interp/exec/dispatch.h"
#include "runtime/engine_checks.h"
#include "runtime/event_text.h"
#include "runtime/invocation_text.h"
#include "runtime/runtime_data.h"
#include "runtime/sched_dispatch.h"

namespace wgsl::runtime {

Progress Device::progress() const {
  Progress p;
  p.running = impl_->running.load(std::memory_order_relaxed);
  p.workgroups_done = impl_->done.load(std::memory_order_relaxed);
  p.workgroups_total = impl_->total.load(std::memory_order_relaxed);
  return p;
}

Device::Device(const DeviceOptions& options) : options_(options), impl_(std::make_unique<Impl>()) {
  impl_->config = parseDeviceConfig(options);  // the one parse of the options; throws Error
}

Device::~Device() = default;

Buffer Device::createBuffer(uint64_t size, uint32_t usage) {
  const Findings f = validateBuffer(size, usage);
  if (!f.empty()) throw Error(f.front().message);
  Buffer b;
  b.data_ = std::make_shared<BufferData>();
  b.data_->bytes.assign(static_cast<size_t>(size), 0);
  b.data_->usage = usage;
  return b;
}

// @builtin(local_invocation_id) from @builtin(local_invocation_index) and the workgroup size.
static void localId(const uint32_t size[3], uint32_t index, uint32_t id[3]) {
  const uint32_t x = std::max(size[0], 1u), y = std::max(size[1], 1u);
  id[0] = index % x;
  id[1] = index / x % y;
  id[2] = index / (x * y);
}

Event makeEvent(const exec::ExecEvent& e, const ir::Kernel& k, const std::vector<uint64_t>& slot_size) {
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
      if (e.root == exec::kValueRoot) return valueIndexEvent(e, k);
      ev.kind = Event::OutOfBounds;
      const ir::Root& r = k.roots[e.root];
      ev.variable = r.name;
      if (r.slot >= 0) {
        ev.group = k.slots[r.slot].group;
        ev.binding = k.slots[r.slot].binding;
      }
      ev.offset = e.has_index ? e.index : e.offset;  // an index out of range: the index
      ev.size = e.size;
      ev.write = e.write;
      ev.access = e.write ? "write" : "read", ev.action = e.write ? "drop-store" : "load-zero";
      checks::OobEvent oe;
      oe.pc = e.pc;
      std::memcpy(oe.workgroup_id, e.workgroup, sizeof oe.workgroup_id);
      oe.local_index = e.local_index;
      oe.kind = e.write ? checks::AccessKind::Store : checks::AccessKind::Load;
      oe.offset = e.offset >= ir::kInvalidOffset ? checks::kUnknownOffset : e.offset;
      oe.has_index = e.has_index;
      oe.index = e.index;
      oe.index_count = e.index_count;
      oe.size = e.size;
      oe.region_size = r.slot >= 0 ? slot_size[r.slot] : r.size;
      oe.decision.action = e.write ? checks::OobDecision::Action::DropStore : checks::OobDecision::Action::LoadZero;
      ev.message = oobMessage(k, e.root, oe);
      break;
    }
    case exec::ExecEvent::BarrierDivergence:
      ev.kind = Event::BarrierDivergence;
      ev.message = barrierDivergenceMessage(ev.location, e.workgroup, e.arrived, e.missing);
      ev.message += divergenceDetails(e, k);
      break;
    case exec::ExecEvent::Internal:  // thrown by dispatch() before events are made
      break;
    case exec::ExecEvent::NonFinite: {
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
    case exec::ExecEvent::InactiveLane:
      ev.kind = Event::InactiveInvocation;
      ev.operation = builtinNameOf(inst.op);
      ev.selected_invocation = e.selected;
      ev.subgroup_size = e.subgroup_size;
      ev.action = "load-zero";
      ev.message = inactiveInvocationMessage(ev.location, inst.op, e.local_index, e.workgroup, e.lane, e.selected,
                                             e.subgroup_size);
      break;
    case exec::ExecEvent::InstructionLimit:
      ev.kind = Event::InstructionLimit;
      ev.message = instructionLimitMessage(ev.location, e.workgroup);
      break;
  }
  return ev;
}

namespace {

// Throws the first finding that makes a dispatch invalid (a binding the entry point does not use
// is allowed: BindGroups may serve several pipelines).
void throwFirst(const char* context, const Findings& findings) {
  for (const Finding& f : findings) {
    if (f.rule != Finding::Rule::UnusedEntry) throw Error(context + f.message);
  }
}

}  // namespace

Report Device::dispatch(const ComputePipeline& pipeline, const std::vector<BindGroup>& groups, uint32_t x, uint32_t y,
                        uint32_t z) {
  PipelineData* pd = DispatchAccess::pipeline(pipeline);
  if (!pd) throw Error("dispatch: the ComputePipeline handle is empty (create it with Device::createComputePipeline)");
  const ir::Kernel& k = *pd->kernel;
  throwFirst("dispatch: ", validateDispatch(pipeline, x, y, z));
  std::vector<BindingPlan> plan;
  for (const auto& g : groups) {
    for (const auto& e : g.entries()) {
      const BufferData* buf = DispatchAccess::buffer(e.buffer);
      plan.push_back(BindingPlan{e.group, e.binding, buf, "", buf ? buf->bytes.size() : 0, buf ? buf->usage : 0,
                                 e.offset, e.size});
    }
  }
  throwFirst("dispatch: ", validateBindings(pipeline, plan));
  exec::DispatchParams params;
  params.kernel = &k;
  params.subgroup_size = options_.subgroup_size;
  params.num_workgroups[0] = x;
  params.num_workgroups[1] = y;
  params.num_workgroups[2] = z;
  params.threads = options_.threads;
  params.max_instructions_per_workgroup = options_.max_instructions_per_workgroup;
  params.max_events = options_.max_events;
  params.schedule.seed = options_.seed;
  params.schedule.slice = options_.preempt_every;
  params.float_policy.modes = impl_->config.float_mode;

  for (const auto& s : k.slots) {
    for (const auto& p : plan) {
      if (p.group != s.group || p.binding != s.binding) continue;
      auto* bytes = static_cast<const BufferData*>(p.buffer)->bytes.data();
      params.slot_base.push_back(const_cast<uint8_t*>(bytes) + p.offset);
      params.slot_size.push_back(p.size == ~uint64_t{0} ? p.buffer_size - p.offset : p.size);
    }
  }

  Report report;
  if (uint64_t{x} * y * z == 0) return report;  // nothing to run
  impl_->done.store(0, std::memory_order_relaxed);
  impl_->total.store(uint64_t{x} * y * z, std::memory_order_relaxed);
  impl_->running.store(true, std::memory_order_relaxed);
  params.workgroups_done = &impl_->done;
  // The progress model. `fair` runs the parallel fast path (with the yield rule that
  // keeps it fair); every other model runs step by step from one deterministic loop.
  params.subgroup_size = subgroupSizeFor(options_, impl_->dispatches++);
  report.subgroup_size = params.subgroup_size;
  std::unique_ptr<exec::FairYielder> yielder;
  std::unique_ptr<EngineChecks> checks;
  exec::DispatchResult res;
  try {
    if (impl_->config.checks)
      params.checks = (checks = std::make_unique<EngineChecks>(options_, impl_->config, k, params)).get();
    if (impl_->config.stepwise && !impl_->config.schedules.dispatches.empty()) {
      // A schedule file with per-dispatch sections: this dispatch's (numbered from 1).
      DeviceConfig config = impl_->config;
      const sched::Schedule* s = config.schedules.forDispatch(impl_->dispatches);
      if (s && (!s->prefix.empty() || !s->cycle.empty())) {  // an empty one: the --scheduler
        config.scheduler.model = sched::Model::Replay;
        config.scheduler.schedule = *s;
      }
      res = runStepwise(params, options_, config, report, pd->program);
    } else if (impl_->config.stepwise) {
      res = runStepwise(params, options_, impl_->config, report, pd->program);
    } else {
      const unsigned workers = options_.threads ? options_.threads : std::max(1u, std::thread::hardware_concurrency());
      yielder = makeFairYielder(options_, workers + 1);
      params.yielder = yielder.get();
      report.scheduler = "fair (parallel)";
      res = exec::runDispatch(params);
      reportParallelHang(*yielder, params, res, pd->program, report);
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
  for (const auto& e : res.events) report.events.push_back(makeEvent(e, k, params.slot_size));
  for (const auto& e : res.nonfinite_events) {  // informational, status unchanged
    if (report.events.size() < options_.max_events) report.events.push_back(makeEvent(e, k, params.slot_size));
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
  if (!report.hang.empty() && report.status != Status::UniformityError) report.status = Status::Hang;
  if (checks) checks->finish(report);
  for (auto& e : report.events) {
    localId(k.workgroup_size, e.local_invocation_index, e.local_invocation_id);
    localId(k.workgroup_size, e.other_local_invocation_index, e.other_local_invocation_id);
  }
  return report;
}

uint64_t Device::dispatchCount() const { return impl_->dispatches; }
void Device::setDispatchCount(uint64_t n) { impl_->dispatches = n; }

Report Device::dispatchIndirect(const ComputePipeline& pipeline, const std::vector<BindGroup>& groups,
                                const Buffer& indirect, uint64_t offset) {
  const BufferData* buf = DispatchAccess::buffer(indirect);
  if (!buf) throw Error("dispatchIndirect: the indirect Buffer handle is empty");
  throwFirst("dispatchIndirect: ", validateIndirect(buf->bytes.size(), buf->usage, offset));
  uint32_t c[3];
  std::memcpy(c, buf->bytes.data() + offset, 12);
  // WebGPU: an indirect dispatch beyond the limits is not an error; it does nothing.
  for (uint32_t v : c) {
    if (v > options_.limits.max_compute_workgroups_per_dimension) return Report{};
  }
  // Nor is one whose workgroup_index or global_invocation_index would leave u32.
  for (const Finding& f : validateDispatch(pipeline, c[0], c[1], c[2])) {
    if (f.rule == Finding::Rule::DispatchLimit) return Report{};
  }
  return dispatch(pipeline, groups, c[0], c[1], c[2]);
}

}  // namespace wgsl::runtime
