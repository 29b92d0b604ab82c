// A dispatch: workgroups as independent TBB tasks (the `fair` fast path of DESIGN rule 6), the
// subgroups of a workgroup switched cooperatively at barriers, barrier uniformity checked.
#include "interp/exec/dispatch.h"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <mutex>

#include "interp/exec/float_exec.h"
#include "interp/exec/subgroup.h"

namespace wgsl::exec {

using namespace ir;

namespace {

uint32_t builtinValue(BuiltinValue b, uint32_t local, uint32_t sg_index, uint32_t lane, uint32_t S, uint32_t nsg,
                      const uint32_t* wg_size, const uint32_t* wg_id, const uint32_t* num_wg) {
  const uint32_t lid[3] = {local % wg_size[0], (local / wg_size[0]) % wg_size[1], local / (wg_size[0] * wg_size[1])};
  switch (b) {
    case BuiltinValue::LocalIdX: return lid[0];
    case BuiltinValue::LocalIdY: return lid[1];
    case BuiltinValue::LocalIdZ: return lid[2];
    case BuiltinValue::LocalIndex: return local;
    case BuiltinValue::GlobalIdX: return wg_id[0] * wg_size[0] + lid[0];
    case BuiltinValue::GlobalIdY: return wg_id[1] * wg_size[1] + lid[1];
    case BuiltinValue::GlobalIdZ: return wg_id[2] * wg_size[2] + lid[2];
    case BuiltinValue::WorkgroupIdX: return wg_id[0];
    case BuiltinValue::WorkgroupIdY: return wg_id[1];
    case BuiltinValue::WorkgroupIdZ: return wg_id[2];
    case BuiltinValue::NumWorkgroupsX: return num_wg[0];
    case BuiltinValue::NumWorkgroupsY: return num_wg[1];
    case BuiltinValue::NumWorkgroupsZ: return num_wg[2];
    case BuiltinValue::SubgroupInvocationId: return lane;
    case BuiltinValue::SubgroupSize: return S;
    case BuiltinValue::SubgroupId: return sg_index;
    case BuiltinValue::NumSubgroups: return nsg;
  }
  return 0;
}

// Per-thread state, reused across the workgroups the thread runs (nothing is allocated per
// workgroup or per instruction).
struct Worker {
  std::vector<Subgroup> sgs;
  std::vector<uint32_t> regs;
  std::vector<uint8_t> priv;
  std::vector<uint8_t> wg_mem;
  std::vector<uint32_t> scratch;
  EventSink sink;
  ExecStats stats;
  bool ready = false;
  NonFiniteLog nonfinite_log;  // issue 8: --nonfinite=report

  void init(const Kernel& k, uint32_t S, uint32_t nsg, size_t max_events, const uint32_t* num_workgroups) {
    std::memcpy(num_wg, num_workgroups, sizeof num_wg);
    for (int d = 0; d < 3; ++d) {
      local_ids[d].assign(static_cast<size_t>(S) * nsg, 0);
      for (uint32_t idx = 0; idx < S * nsg; ++idx) {
        const uint32_t* ws = k.workgroup_size;
        local_ids[d][idx] = d == 0 ? idx % ws[0] : d == 1 ? (idx / ws[0]) % ws[1] : idx / (ws[0] * ws[1]);
      }
    }
    sgs.resize(nsg);
    regs.assign(static_cast<size_t>(k.num_regs) * S * nsg, 0);
    priv.assign(static_cast<size_t>(k.private_size) * S * nsg + 16, 0);
    wg_mem.assign(k.workgroup_size_bytes + 16, 0);
    scratch.assign(static_cast<size_t>(S) * 256, 0);  // up to 255 components (Inst::n)
    sink.max = max_events;
    for (uint32_t i = 0; i < nsg; ++i) {
      Subgroup& sg = sgs[i];
      sg.index = i;
      sg.stack.resize(k.max_depth + 2);
      sg.regs = regs.data() + static_cast<size_t>(k.num_regs) * S * i;
      sg.priv = priv.data() + static_cast<size_t>(k.private_size) * S * i;
      for (const ConstInit& c : k.consts) {
        uint32_t* r = sg.regs + static_cast<size_t>(c.reg) * S;
        for (uint32_t l = 0; l < S; ++l) r[l] = c.bits;
      }
    }
    // Built-in values that are the same in every workgroup are filled once.
    const uint32_t W = k.workgroup_size[0] * k.workgroup_size[1] * k.workgroup_size[2];
    for (uint32_t i = 0; i < nsg; ++i) {
      for (const BuiltinInit& b : k.builtins) {
        uint32_t* r = sgs[i].regs + static_cast<size_t>(b.reg) * S;
        for (uint32_t l = 0; l < S; ++l) {
          r[l] = i * S + l < W ? builtinValue(b.value, i * S + l, i, l, S, nsg, k.workgroup_size, zero3, num_wg) : 0;
        }
      }
    }
    ready = true;
  }

  // Workgroup and global ids: wg * size + local id, per lane.
  void setWorkgroupBuiltins(const Kernel& k, uint32_t S, const uint32_t* wg_id) {
    for (const BuiltinInit& b : k.builtins) {
      int dim = -1;
      bool global = false;
      switch (b.value) {
        case BuiltinValue::WorkgroupIdX: dim = 0; break;
        case BuiltinValue::WorkgroupIdY: dim = 1; break;
        case BuiltinValue::WorkgroupIdZ: dim = 2; break;
        case BuiltinValue::GlobalIdX: dim = 0; global = true; break;
        case BuiltinValue::GlobalIdY: dim = 1; global = true; break;
        case BuiltinValue::GlobalIdZ: dim = 2; global = true; break;
        default: break;
      }
      if (dim < 0) continue;
      const uint32_t base = global ? wg_id[dim] * k.workgroup_size[dim] : wg_id[dim];
      for (size_t i = 0; i < sgs.size(); ++i) {
        uint32_t* r = sgs[i].regs + static_cast<size_t>(b.reg) * S;
        const uint32_t* lid = global ? local_ids[dim].data() + i * S : nullptr;
        for (uint32_t l = 0; l < S; ++l) r[l] = global ? base + lid[l] : base;
      }
    }
  }

  uint32_t zero3[3] = {0, 0, 0};
  uint32_t num_wg[3] = {0, 0, 0};
  std::vector<uint32_t> local_ids[3];  // per lane of every subgroup
};

void lanesOf(const Subgroup& sg, const LaneMask& m, uint32_t S, std::vector<uint32_t>& out) {
  forEachLane(m, [&](uint32_t l) { out.push_back(sg.index * S + l); });
}

// Runs one workgroup to completion. Returns false if the dispatch must stop.
bool runWorkgroup(Worker& w, const DispatchParams& p, uint64_t linear) {
  const Kernel& k = *p.kernel;
  const uint32_t S = p.subgroup_size;
  const uint32_t W = k.workgroup_size[0] * k.workgroup_size[1] * k.workgroup_size[2];
  const uint32_t nsg = static_cast<uint32_t>(w.sgs.size());
  ExecContext ctx;
  ctx.k = &k;
  ctx.S = S;
  ctx.params = &p;
  ctx.wg_mem = w.wg_mem.data();
  ctx.wg_id[0] = static_cast<uint32_t>(linear % p.num_workgroups[0]);
  ctx.wg_id[1] = static_cast<uint32_t>((linear / p.num_workgroups[0]) % p.num_workgroups[1]);
  ctx.wg_id[2] = static_cast<uint32_t>(linear / (uint64_t{p.num_workgroups[0]} * p.num_workgroups[1]));
  ctx.sink = &w.sink;
  ctx.budget = p.max_instructions_per_workgroup;
  ctx.slice = p.schedule.slice;
  ctx.scratch = w.scratch.data();
  if (floatModeNeedsInterpreter(p.float_policy.modes)) {  // issue 8: float modes
    ctx.float_mode = &p.float_policy.modes;
    ctx.nonfinite_log = &w.nonfinite_log;
    ctx.instrumented = true;
  }
  if (k.workgroup_size_bytes) std::memset(w.wg_mem.data(), 0, k.workgroup_size_bytes);

  for (uint32_t i = 0; i < nsg; ++i) {
    Subgroup& sg = w.sgs[i];
    sg.exists = LaneMask::firstN(std::min(S, W - i * S));
    sg.mask = sg.exists;
    sg.pc = 0;
    sg.sp = 0;
    sg.state = SgState::Running;
  }
  w.setWorkgroupBuiltins(k, S, ctx.wg_id);

  bool ok = true;
  for (;;) {
    bool failed = false;
    for (Subgroup& sg : w.sgs) {
      if (sg.state == SgState::Running) runSubgroup(sg, ctx);
      if (sg.state == SgState::Stopped) break;
      if (sg.state == SgState::Failed) failed = true;
    }
    if (failed) {
      ok = false;
      break;
    }
    uint32_t halted = 0, at_barrier = 0;
    const Subgroup* stopped = nullptr;
    const Subgroup* first_barrier = nullptr;
    for (const Subgroup& sg : w.sgs) {
      if (sg.state == SgState::Halted) ++halted;
      if (sg.state == SgState::Stopped) stopped = &sg;
      if (sg.state == SgState::AtBarrier) {
        ++at_barrier;
        if (!first_barrier) first_barrier = &sg;
      }
    }
    if (stopped) {
      ExecEvent e;
      e.kind = ExecEvent::InstructionLimit;
      e.pc = stopped->pc;
      std::memcpy(e.workgroup, ctx.wg_id, sizeof e.workgroup);
      e.local_index = stopped->index * S;
      w.sink.add(std::move(e));
      ok = false;
      break;
    }
    bool running = false;
    for (const Subgroup& sg : w.sgs) running = running || sg.state == SgState::Running;
    if (running) continue;  // preempted subgroups: another round
    if (halted == nsg) break;
    // Every subgroup is halted or at a barrier: check that the barrier is uniform.
    bool uniform = halted == 0;
    for (const Subgroup& sg : w.sgs) {
      if (sg.state != SgState::AtBarrier) continue;
      if (sg.pc != first_barrier->pc || sg.mask != sg.exists) uniform = false;
    }
    if (!uniform) {
      ExecEvent e;
      e.kind = ExecEvent::BarrierDivergence;
      e.pc = first_barrier->pc;
      std::memcpy(e.workgroup, ctx.wg_id, sizeof e.workgroup);
      for (const Subgroup& sg : w.sgs) {
        const LaneMask arrived = sg.state == SgState::AtBarrier && sg.pc == first_barrier->pc ? sg.mask : LaneMask{};
        lanesOf(sg, arrived, S, e.arrived);
        lanesOf(sg, sg.exists.andNot(arrived), S, e.missing);
      }
      e.local_index = e.arrived.empty() ? 0 : e.arrived.front();
      w.sink.add(std::move(e));
      ok = false;
      break;
    }
    for (Subgroup& sg : w.sgs) {
      sg.pc += 1;
      sg.state = SgState::Running;
    }
  }
  w.stats.instructions += ctx.instructions;
  w.stats.workgroups += 1;
  w.stats.subgroups += nsg;
  w.stats.invocations += W;
  return ok;
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
  tbb::enumerable_thread_specific<Worker> workers;
  auto body = [&](const tbb::blocked_range<uint64_t>& r) {
    Worker& w = workers.local();
    if (!w.ready) w.init(k, S, nsg, p.max_events, p.num_workgroups);
    for (uint64_t i = r.begin(); i != r.end(); ++i) {
      if (stop.load(std::memory_order_relaxed)) return;
      if (!runWorkgroup(w, p, i)) stop.store(true);
      if (p.workgroups_done) p.workgroups_done->fetch_add(1, std::memory_order_relaxed);
    }
  };
  const int threads = p.threads ? static_cast<int>(p.threads) : tbb::task_arena::automatic;
  tbb::task_arena arena(threads);
  arena.execute([&] { tbb::parallel_for(tbb::blocked_range<uint64_t>(0, total, 1), body); });

  for (Worker& w : workers) {
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
  {  // issue 8: `nonfinite` events, one per source location
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
