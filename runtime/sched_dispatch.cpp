// The dispatch under a progress model (see sched_dispatch.h).
#include "runtime/sched_dispatch.h"

#include <fmt/format.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <vector>

#include "base/source_text.h"
#include "interp/exec/stepper.h"
#include "interp/sema/layout.h"
#include "runtime/dispatch_snapshot.h"
#include "runtime/sched/driver.h"
#include "runtime/sched/fair_parallel.h"
#include "runtime/sched/parallel_watchdog.h"
#include "runtime/sched/rng.h"
#include "runtime/sched/timeline.h"

namespace wgsl::runtime {

namespace {

constexpr uint64_t kMaxStepwiseWorkgroups = uint64_t{1} << 22;

sched::SubgroupCode toSubgroupCode(exec::SubgroupStep s) {
  switch (s) {
    case exec::SubgroupStep::NotRun: return sched::SubgroupCode::NotRun;
    case exec::SubgroupStep::Progress: return sched::SubgroupCode::Progress;
    case exec::SubgroupStep::Ran: return sched::SubgroupCode::Ran;
    case exec::SubgroupStep::Barrier: return sched::SubgroupCode::Barrier;
    case exec::SubgroupStep::Done: return sched::SubgroupCode::Done;
  }
  return sched::SubgroupCode::NotRun;
}

sched::StepInfo toStepInfo(const exec::StepResult& r) {
  sched::StepInfo info;
  switch (r.end) {
    case exec::StepResult::End::Atomic: info.end = sched::StepEnd::Atomic; break;
    case exec::StepResult::End::Barrier: info.end = sched::StepEnd::Barrier; break;
    case exec::StepResult::End::BackEdge: info.end = sched::StepEnd::BackEdge; break;
    case exec::StepResult::End::Returned:
    case exec::StepResult::End::Failed: info.end = sched::StepEnd::Returned; break;
  }
  info.memory_changed = r.memory_changed;
  info.atomic_write = r.atomic_write;
  info.pc = r.pc;
  if (r.read_root != exec::StepRecord::kNoRoot) {
    // Name the poll, not the back-edge the step happened to stop at.
    info.read_root = r.read_root;
    info.read_offset = r.read_offset;
    if (info.end == sched::StepEnd::BackEdge) info.pc = r.read_pc;
  }
  return info;
}

// The access path of byte `offset` inside a value of type `t`: ".lock", "[3]", "[2].x".
std::string accessPath(const sema::Type* t, uint64_t offset, int depth = 0) {
  if (!t || depth > 16) return "";
  switch (t->kind) {
    case sema::TypeKind::Struct:
      for (const auto& m : t->members)
        if (offset >= m.offset && offset < uint64_t{m.offset} + m.size)
          return "." + m.name + accessPath(m.type, offset - m.offset, depth + 1);
      return "";
    case sema::TypeKind::Array: {
      const uint32_t stride = sema::strideOf(t);
      if (!stride) return "";
      return fmt::format("[{}]", offset / stride) + accessPath(t->elem, offset % stride, depth + 1);
    }
    case sema::TypeKind::Vector: {
      const uint32_t size = sema::sizeOf(t->elem);
      return size ? std::string(".") + "xyzw"[std::min<uint64_t>(offset / size, 3)] : "";
    }
    case sema::TypeKind::Matrix: {
      const uint32_t column = sema::strideOf(t);
      return column ? fmt::format("[{}]", offset / column) : "";
    }
    default: return "";
  }
}

sched::Namer namerFor(const ir::Kernel& k, const sema::Program* program) {
  sched::Namer n;
  n.location = [&k](uint32_t pc) -> std::string {
    if (!k.file || pc >= k.code.size()) return "instruction " + std::to_string(pc);
    const SourcePos pos = k.file->position(k.code[pc].loc);
    return fmt::format("{}:{}", k.file->name(), pos.line);
  };
  n.memory = [&k, program](uint32_t root, uint64_t offset) -> std::string {
    if (root >= k.roots.size()) return "memory";
    const ir::Root& r = k.roots[root];
    if (program) {
      for (const sema::GlobalVar& g : program->globals)
        if (g.decl && g.decl->name.name == r.name && g.space == r.space) return r.name + accessPath(g.store_type, offset);
    }
    return offset == 0 ? r.name : fmt::format("{} (byte offset {})", r.name, offset);
  };
  return n;
}

}  // namespace

uint32_t subgroupSizeFor(const DeviceOptions& o, uint64_t dispatch_index) {
  if (!o.random_subgroup_size) return o.subgroup_size;
  sched::Rng rng(o.subgroup_size_seed * 0x9E3779B97F4A7C15ull + dispatch_index);
  return 4u << rng.below(6);  // 4, 8, 16, 32, 64 or 128
}

exec::DispatchResult runStepwise(const exec::DispatchParams& params, const DeviceOptions& o,
                                 const DeviceConfig& cfg, Report& report, const sema::Program* program) {
  sched::SchedulerConfig config = cfg.scheduler;
  const ir::Kernel& k = *params.kernel;
  const uint64_t total = uint64_t{params.num_workgroups[0]} * params.num_workgroups[1] * params.num_workgroups[2];
  if (total > kMaxStepwiseWorkgroups) {
    throw Error(fmt::format("dispatch of {} workgroups: the step-wise schedulers (every --scheduler but fair) run at "
                            "most {} workgroups per dispatch",
                            total, kMaxStepwiseWorkgroups));
  }
  const uint32_t count = static_cast<uint32_t>(total);
  if (o.debug) {  // a debugger playing this dispatch's schedule by hand
    std::vector<uint32_t> prefix, cycle;
    if (o.debug->explicitSchedule(prefix, cycle)) {
      config.model = sched::Model::Replay;
      config.schedule.prefix.assign(prefix.begin(), prefix.end());
      config.schedule.cycle.assign(cycle.begin(), cycle.end());
    }
  }
  if (config.model == sched::Model::Replay) {
    const std::string why = sched::validateSchedule(config.schedule, count);
    if (!why.empty()) throw Error("dispatch: " + why);
  }
  if ((config.model == sched::Model::Obe || config.model == sched::Model::Lobe || config.model == sched::Model::HsaObe) &&
      config.occupancy == 0) {
    config.occupancy = count;  // occupancy 0: every workgroup fits
  }
  std::string error;
  std::unique_ptr<sched::Scheduler> scheduler = sched::makeScheduler(config, error);
  if (!scheduler) throw Error("dispatch: " + error);

  exec::StepOptions so;
  so.subgroup_order = cfg.subgroup_order;
  so.subgroup_seed = cfg.subgroup_seed;
  so.record_subgroups = o.record_schedule && o.timeline_subgroups;
  so.debug = o.debug;
  exec::StepEngine engine(params, so);
  sched::SubgroupTrace subgroup_trace;  // --timeline-subgroups: what each subgroup did per step
  subgroup_trace.subgroups = so.record_subgroups ? engine.subgroupsPerWorkgroup() : 0;
  sched::WatchdogConfig watch;
  watch.hang_window = o.hang_window;
  watch.hang_turns = o.hang_turns;
  watch.subgroups_per_workgroup = engine.subgroupsPerWorkgroup();
  watch.max_steps = o.max_steps;
  watch.spin_threshold = config.spin_threshold;
  sched::Watchdog watchdog(watch);
  scheduler->begin(count);
  watchdog.begin(count);
  sched::DriveOptions dopts;
  dopts.record = o.record_schedule;
  bool failed = false;
  std::shared_ptr<const exec::DispatchSnapshot> resumed;  // a debugger's snapshot this dispatch goes on from
  if (o.debug) resumed = connectSnapshots(*o.debug, {params, engine, scheduler, watchdog, subgroup_trace, failed}, dopts);
  const sched::RunResult run = sched::drive(
      *scheduler, watchdog,
      [&](sched::WorkgroupId wg) {
        const exec::StepResult r = engine.step(wg);
        if (r.end == exec::StepResult::End::Failed) failed = true;
        if (subgroup_trace.subgroups) {
          const std::vector<exec::SubgroupStep>& steps = engine.lastSubgroupSteps();
          for (uint32_t i = 0; i < subgroup_trace.subgroups; ++i)
            subgroup_trace.codes.push_back(i < steps.size() ? toSubgroupCode(steps[i]) : sched::SubgroupCode::NotRun);
        }
        return toStepInfo(r);
      },
      [&]() { return failed ? std::nullopt : engine.stateHash(); }, dopts,
      [&](sched::WorkgroupId wg) { return failed ? std::nullopt : engine.workgroupHash(wg); });
  if (!engine.error().empty()) throw Error("dispatch: " + engine.error());

  report.scheduler = scheduler->name();
  report.steps = run.steps;
  const bool hang = !failed && run.status != sched::RunStatus::Completed;
  if (hang) {
    const sched::HangReport hr = sched::buildHangReport(*scheduler, watchdog, namerFor(k, program), run.cause);
    report.hang = hr.text();
    report.hang_summary = hr.summary;
    if (run.status == sched::RunStatus::MaxSteps) {
      report.hang = fmt::format("stopped after --max-steps={} scheduling steps with {} workgroups alive\n", o.max_steps,
                                scheduler->aliveCount()) +
                    report.hang;
    }
    if (o.debug) o.debug->hangFound(report.hang);  // a debugger stops here, the spinner still alive
  }
  for (uint32_t wg = 0; wg < count && wg < Report::kMaxWorkgroupStats; ++wg) {
    const sched::WorkgroupStats& st = watchdog.stats(wg);
    WorkgroupSchedule ws;
    ws.id = wg;
    ws.started = st.first_step != sched::kNever;
    ws.returned = st.end_step != sched::kNever;
    ws.first_step = ws.started ? st.first_step : 0;
    ws.end_step = ws.returned ? st.end_step : 0;
    ws.steps = st.steps;
    ws.preemptions = st.preemptions;
    ws.spin_steps = st.spin_steps;
    ws.barrier_waits = st.barrier_waits;
    report.workgroups.push_back(ws);
  }
  if (o.record_schedule) {
    sched::Schedule schedule = sched::scheduleFromTrace(run.trace);
    // A hang that ends with one workgroup running alone (a spinner the model locked onto)
    // replays as that workgroup forever.
    if (hang) schedule = sched::hangSchedule(std::move(schedule));
    report.schedule = sched::formatSchedule(schedule);
    const sched::Timeline t =
        sched::buildTimeline(run.trace, count, hang, 100, subgroup_trace.subgroups ? &subgroup_trace : nullptr);
    const std::string title = fmt::format("{} under {}: {}", k.entry, scheduler->name(), hang ? "hang" : "completed");
    report.timeline_svg = sched::timelineSvg(t, title);
    report.timeline_text = sched::timelineText(t);
    if (hang) report.timeline_text += "summary: " + report.hang_summary + "\n";
  }
  exec::DispatchResult result = engine.finish();
  (void)hang;
  return result;
}

namespace {

// YieldPolicy per worker slot, FairWorkQueue for the parked workgroups, and the watchdog that
// ends the dispatch when no workgroup makes progress.
class FairYielderImpl : public exec::FairYielder {
 public:
  FairYielderImpl(uint64_t seed, unsigned workers, const sched::ParallelWatchdogConfig& watch)
      : queue_(0), watchdog_(watch, workers) {
    for (unsigned i = 0; i < workers; ++i) {
      policies_.emplace_back(kQuantum, seed * 0x9E3779B97F4A7C15ull + i + 1);
      slots_.push_back(Slot{sched::Rng(seed * 0xD1B54A32D192ED03ull + i + 7)});
    }
  }
  void watch(unsigned worker, uint64_t wg) override {
    policy(worker).reset();
    Slot& s = slot(worker);
    s.steps = 0;
    s.limit = kSlice / 2 + static_cast<uint32_t>(s.rng.below(kSlice));
    watchdog_.watch(worker, static_cast<sched::WorkgroupId>(wg));
  }
  Decision afterStep(unsigned worker, const exec::StepResult& step) override {
    // Yield after a quantum without progress (YieldPolicy); and, so that a workgroup that keeps
    // changing memory (a livelock) cannot keep its worker forever either, after a randomised
    // time slice of watched steps.
    const sched::StepInfo info = toStepInfo(step);
    if (watchdog_.onStep(worker, info)) return Decision::Hang;
    Slot& s = slot(worker);
    const bool yield = policy(worker).afterStep(info) || ++s.steps >= s.limit;
    return yield ? Decision::Yield : Decision::Continue;
  }
  void returned(unsigned worker) override { watchdog_.returned(worker); }
  void fastPath(unsigned worker, bool running) override { watchdog_.fastPath(worker, running); }
  void park(unsigned worker, uint64_t wg) override {
    watchdog_.parked(worker);
    queue_.yield(static_cast<sched::WorkgroupId>(wg));
  }
  bool take(uint64_t& wg) override {
    sched::WorkgroupId id = 0;
    bool fresh = false;
    if (!queue_.take(id, fresh)) return false;
    watchdog_.taken();
    wg = id;
    return true;
  }
  const sched::ParallelWatchdog& watchdog() const { return watchdog_; }
  static constexpr uint32_t kQuantum = 256;  // steps without progress before a yield (mean)

 private:
  static constexpr uint32_t kSlice = 4096;   // watched steps before a yield in any case (mean)
  struct Slot {
    sched::Rng rng;
    uint32_t steps = 0, limit = kSlice;
  };
  sched::YieldPolicy& policy(unsigned worker) { return policies_[worker % policies_.size()]; }
  Slot& slot(unsigned worker) { return slots_[worker % slots_.size()]; }
  std::vector<sched::YieldPolicy> policies_;
  std::vector<Slot> slots_;
  sched::FairWorkQueue queue_;
  sched::ParallelWatchdog watchdog_;
};

}  // namespace

std::unique_ptr<exec::FairYielder> makeFairYielder(const DeviceOptions& o, unsigned workers) {
  // One policy per task-arena slot: at least the default concurrency, so that every worker
  // index TBB hands out has its own.
  const unsigned slots = std::max<unsigned>(workers, static_cast<unsigned>(tbb::this_task_arena::max_concurrency()) + 1);
  sched::ParallelWatchdogConfig watch;
  watch.hang_window = o.hang_window;
  return std::make_unique<FairYielderImpl>(o.seed, std::max(1u, slots), watch);
}

void reportParallelHang(const exec::FairYielder& yielder, const exec::DispatchParams& params,
                        const exec::DispatchResult& result, const sema::Program* program, Report& report) {
  const auto* impl = dynamic_cast<const FairYielderImpl*>(&yielder);
  if (!impl || !impl->watchdog().hung()) return;
  const sched::ParallelWatchdog& watchdog = impl->watchdog();
  sched::ObservedRun run;
  run.model = "fair (parallel)";
  sched::SchedulerConfig fair;
  std::string error;
  if (auto s = sched::makeScheduler(fair, error)) run.guarantee = s->guaranteeText();
  run.steps = watchdog.steps();
  run.steps_without_progress = watchdog.stepsWithoutProgress();
  run.workgroups = uint64_t{params.num_workgroups[0]} * params.num_workgroups[1] * params.num_workgroups[2];
  run.alive = run.workgroups - std::min(run.workgroups, result.stats.workgroups);
  const sched::HangReport hr = sched::buildObservedHangReport(run, watchdog.observed(), namerFor(*params.kernel, program),
                                                              watchdog.config().spin_threshold);
  report.hang = hr.text();
  report.hang_summary = hr.summary;
  report.steps = run.steps;
}

}  // namespace wgsl::runtime
