// A dispatch: workgroups as independent TBB tasks (the `fair` fast path), the
// subgroups of a workgroup switched cooperatively at barriers, barrier uniformity checked.
// With a FairYielder, a workgroup that runs long is watched step by step and yields
// its worker when it makes no progress, so spinning workgroups cannot starve the others.
#include "interp/exec/dispatch.h"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>

#include "interp/exec/fair_yield.h"
#include "interp/exec/stepper.h"
#include "interp/exec/subgroup.h"
#include "interp/exec/workgroup_state.h"

namespace wgsl::exec {

using namespace ir;

namespace {

// Per-thread state, reused across the workgroups the thread runs (nothing is allocated per
// workgroup or per instruction).
struct Worker : Executor {
  std::unique_ptr<WorkgroupState> wg = std::make_unique<WorkgroupState>();
  SubgroupPicker picker{SubgroupOrder::RoundRobin};

  void init(const Kernel& k, uint32_t S, uint32_t nsg, size_t max_events, const uint32_t* num_workgroups) {
    Executor::init(S, max_events);
    wg->init(k, S, nsg, num_workgroups);
  }
};

// Workgroups that yielded their worker, with their state, until a worker resumes them.
struct Parking {
  FairYielder* yielder = nullptr;
  std::mutex mutex;
  std::unordered_map<uint64_t, std::pair<std::unique_ptr<WorkgroupState>, ExecContext>> parked;
  std::vector<std::unique_ptr<WorkgroupState>> spare;
  std::atomic<uint64_t> count{0};  // parked or being resumed
};

// Runs a workgroup step by step until it returns (true), fails (false, stop set) or
// yields (true, parked).
bool watchWorkgroup(Worker& w, const DispatchParams& p, uint64_t linear, ExecContext& ctx, Parking& park,
                    std::atomic<bool>& stop, bool& finished) {
  const unsigned worker = static_cast<unsigned>(std::max(0, tbb::this_task_arena::current_thread_index()));
  ctx.instrumented = true;
  ctx.preempt = true;
  ctx.sink = &w.sink;
  ctx.nonfinite_log = &w.nonfinite_log;
  ctx.scratch = w.scratch.data();
  park.yielder->watch(worker, linear);
  for (;;) {
    if (stop.load(std::memory_order_relaxed)) {
      w.stats.instructions += ctx.instructions;  // it did not return: count what it ran
      finished = true;
      return true;
    }
    const StepResult r = stepWorkgroup(*w.wg, ctx, w.picker);
    if (r.end == StepResult::End::Returned || r.end == StepResult::End::Failed) {
      park.yielder->returned(worker);
      endWorkgroup(*w.wg, ctx, w.stats);  // hook point: workgroup end
      finished = true;
      return r.end == StepResult::End::Returned;
    }
    const FairYielder::Decision decision = park.yielder->afterStep(worker, r);
    if (decision == FairYielder::Decision::Hang) {
      // No workgroup made progress for the hang window: the dispatch ends (the runtime reports it).
      stop.store(true);
      w.stats.instructions += ctx.instructions;
      finished = false;
      return true;
    }
    if (decision == FairYielder::Decision::Yield) {
      std::unique_ptr<WorkgroupState> fresh;
      {
        std::lock_guard<std::mutex> lock(park.mutex);
        if (!park.spare.empty()) {
          fresh = std::move(park.spare.back());
          park.spare.pop_back();
        }
        park.parked[linear] = {std::move(w.wg), ctx};
      }
      if (!fresh) {
        fresh = std::make_unique<WorkgroupState>();
        const uint32_t* ws = p.kernel->workgroup_size;
        const uint32_t nsg = (ws[0] * ws[1] * ws[2] + p.subgroup_size - 1) / p.subgroup_size;
        fresh->init(*p.kernel, p.subgroup_size, nsg, p.num_workgroups);
      }
      w.wg = std::move(fresh);
      park.yielder->park(worker, linear);
      finished = false;
      return true;
    }
  }
}

// Runs one workgroup to completion. Returns false if the dispatch must stop.
bool runWorkgroup(Worker& w, const DispatchParams& p, uint64_t linear, Parking* park, std::atomic<bool>& stop) {
  ExecContext ctx;
  ctx.sink = &w.sink;
  ctx.nonfinite_log = &w.nonfinite_log;
  ctx.scratch = w.scratch.data();
  beginWorkgroup(*w.wg, ctx, p, linear);  // hook point: workgroup start
  // While some workgroup is watched, the watchdog learns of this one's start and end.
  int fast_worker = -1;
  if (park && park->count.load(std::memory_order_relaxed)) {
    fast_worker = std::max(0, tbb::this_task_arena::current_thread_index());
    park->yielder->fastPath(static_cast<unsigned>(fast_worker), true);
  }
  if (park && !ctx.slice) ctx.slice = static_cast<uint32_t>(std::min<uint64_t>(park->yielder->long_run, 1u << 30));

  bool ok = true;
  for (;;) {
    for (Subgroup& sg : w.wg->sgs) {
      if (sg.state == SgState::Running) runSubgroup(sg, ctx);
      if (sg.state == SgState::Stopped || sg.state == SgState::Failed) break;
    }
    const Settle s = settleWorkgroup(*w.wg, ctx);  // hook point inside: barrier release
    if (s == Settle::Running) {
      if (park && ctx.instructions >= park->yielder->long_run) {
        // Long-running workgroup: continue it step by step; it may yield.
        ctx.slice = p.schedule.slice;
        park->count.fetch_add(1);
        bool finished = false;
        ok = watchWorkgroup(w, p, linear, ctx, *park, stop, finished);
        if (finished) park->count.fetch_sub(1);
        if (finished && p.workgroups_done) p.workgroups_done->fetch_add(1, std::memory_order_relaxed);
        return ok;
      }
      continue;
    }
    if (s == Settle::Failed) ok = false;
    break;
  }
  endWorkgroup(*w.wg, ctx, w.stats);  // hook point: workgroup end
  if (fast_worker >= 0 || (park && park->count.load(std::memory_order_relaxed))) {
    if (fast_worker < 0) fast_worker = std::max(0, tbb::this_task_arena::current_thread_index());
    park->yielder->fastPath(static_cast<unsigned>(fast_worker), false);
  }
  if (p.workgroups_done) p.workgroups_done->fetch_add(1, std::memory_order_relaxed);
  return ok;
}

// Resumes the oldest parked workgroup, if any. Returns false if there was none.
bool resumeParked(Worker& w, const DispatchParams& p, Parking& park, std::atomic<bool>& stop) {
  uint64_t linear = 0;
  if (!park.yielder->take(linear)) return false;
  ExecContext ctx;
  {
    std::lock_guard<std::mutex> lock(park.mutex);
    auto it = park.parked.find(linear);
    park.spare.push_back(std::move(w.wg));
    w.wg = std::move(it->second.first);
    ctx = it->second.second;
    park.parked.erase(it);
  }
  bool finished = false;
  if (!watchWorkgroup(w, p, linear, ctx, park, stop, finished)) stop.store(true);
  if (finished) {
    park.count.fetch_sub(1);
    if (p.workgroups_done) p.workgroups_done->fetch_add(1, std::memory_order_relaxed);
  }
  return true;
}

}  // namespace

DispatchResult runDispatch(const DispatchParams& p) {
  DispatchResult result;
  const Kernel& k = *p.kernel;
  const uint32_t S = p.subgroup_size;
  const uint32_t W = k.workgroup_size[0] * k.workgroup_size[1] * k.workgroup_size[2];
  const uint32_t nsg = (W + S - 1) / S;
  const uint64_t total = uint64_t{p.num_workgroups[0]} * p.num_workgroups[1] * p.num_workgroups[2];
  if (total == 0) return result;

  std::atomic<bool> stop{false};
  std::unique_ptr<Parking> park;
  if (p.yielder) {
    park = std::make_unique<Parking>();
    park->yielder = p.yielder;
  }
  tbb::enumerable_thread_specific<Worker> workers;
  auto body = [&](const tbb::blocked_range<uint64_t>& r) {
    Worker& w = workers.local();
    if (!w.ready) w.init(k, S, nsg, p.max_events, p.num_workgroups);
    for (uint64_t i = r.begin(); i != r.end(); ++i) {
      if (stop.load(std::memory_order_relaxed)) return;
      if (!runWorkgroup(w, p, i, park.get(), stop)) stop.store(true);
      // Parked workgroups take turns with fresh ones.
      if (park && park->count.load(std::memory_order_relaxed)) resumeParked(w, p, *park, stop);
    }
  };
  const int threads = p.threads ? static_cast<int>(p.threads) : tbb::task_arena::automatic;
  tbb::task_arena arena(threads);
  arena.execute([&] { tbb::parallel_for(tbb::blocked_range<uint64_t>(0, total, 1), body); });
  if (park) {
    // Every fresh workgroup has started; the parked ones finish now, on every worker.
    const int slots = arena.max_concurrency();
    arena.execute([&] {
      tbb::parallel_for(0, slots, [&](int) {
        Worker& w = workers.local();
        if (!w.ready) w.init(k, S, nsg, p.max_events, p.num_workgroups);
        while (!stop.load(std::memory_order_relaxed) && park->count.load() > 0) {
          if (!resumeParked(w, p, *park, stop)) std::this_thread::yield();
        }
      });
    });
  }

  if (park) {
    for (auto& s : park->spare) finishChecks(*s, p);
    for (auto& [linear, parked] : park->parked) {
      finishChecks(*parked.first, p);
      result.stats.instructions += parked.second.instructions;  // stopped before it returned
    }
  }
  for (Worker& w : workers) {
    finishChecks(*w.wg, p);
    result.stats.instructions += w.stats.instructions;
    result.stats.workgroups += w.stats.workgroups;
    result.stats.subgroups += w.stats.subgroups;
    result.stats.invocations += w.stats.invocations;
    result.event_count += w.sink.count;
    for (auto& e : w.sink.events) {
      if (e.kind == ExecEvent::BarrierDivergence) result.status = ExecStatus::UniformityError;
      if (e.kind == ExecEvent::InstructionLimit && result.status == ExecStatus::Ok) result.status = ExecStatus::InstructionLimit;
      if (e.kind == ExecEvent::Internal) result.status = ExecStatus::InternalError;
      result.events.push_back(std::move(e));
    }
  }
  {  // `nonfinite` events, one per source location
    std::vector<const NonFiniteLog*> logs;
    for (Worker& w : workers) logs.push_back(&w.nonfinite_log);
    result.nonfinite_events = mergeNonFinite(logs, k, p.max_events);
  }
  auto key = [&](const ExecEvent& e) {
    return std::make_tuple(e.kind == ExecEvent::OutOfBounds,
                           (uint64_t{e.workgroup[2]} * p.num_workgroups[1] + e.workgroup[1]) * p.num_workgroups[0] + e.workgroup[0],
                           e.local_index, e.pc);
  };
  std::sort(result.events.begin(), result.events.end(), [&](const ExecEvent& a, const ExecEvent& b) { return key(a) < key(b); });
  if (result.events.size() > p.max_events) result.events.resize(p.max_events);
  return result;
}

}  // namespace wgsl::exec
