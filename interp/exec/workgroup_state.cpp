// Workgroup state and the three hook points of a workgroup's life (see workgroup_state.h).
#include "interp/exec/workgroup_state.h"

#include "interp/exec/divergence.h"

#include <algorithm>
#include <cstring>

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
    case BuiltinValue::GlobalIndex: {  // the grid's row-major linear index; dispatch validation keeps it in u32
      const uint32_t gx = wg_size[0] * num_wg[0], gy = wg_size[1] * num_wg[1];
      return (wg_id[0] * wg_size[0] + lid[0]) + (wg_id[1] * wg_size[1] + lid[1]) * gx +
             (wg_id[2] * wg_size[2] + lid[2]) * gx * gy;
    }
    case BuiltinValue::WorkgroupIndex: return wg_id[0] + wg_id[1] * num_wg[0] + wg_id[2] * num_wg[0] * num_wg[1];
  }
  return 0;
}

void lanesOf(const Subgroup& sg, const LaneMask& m, uint32_t S, std::vector<uint32_t>& out) {
  forEachLane(m, [&](uint32_t l) { out.push_back(sg.index * S + l); });
}

}  // namespace

uint64_t WorkgroupState::bytesFor(const Kernel& k, uint32_t S, uint32_t nsg) {
  const uint64_t lanes = uint64_t{S} * nsg;
  return lanes * (uint64_t{k.num_regs} * 4 + k.private_size + 12) + k.workgroup_size_bytes + 16 +
         nsg * (sizeof(Subgroup) + (k.max_depth + 2) * sizeof(CtlEntry));
}

void WorkgroupState::init(const Kernel& k, uint32_t S, uint32_t nsg, const uint32_t* num_workgroups) {
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

void WorkgroupState::copyFrom(const WorkgroupState& from) {
  sgs = from.sgs;
  regs = from.regs;
  priv = from.priv;
  wg_mem = from.wg_mem;
  ready = from.ready;
  std::memcpy(zero3, from.zero3, sizeof zero3);
  std::memcpy(num_wg, from.num_wg, sizeof num_wg);
  for (int d = 0; d < 3; ++d) local_ids[d] = from.local_ids[d];
  cursor = from.cursor;
  for (size_t i = 0; i < sgs.size(); ++i) {
    const Subgroup& f = from.sgs[i];
    sgs[i].regs = f.regs ? regs.data() + (f.regs - from.regs.data()) : nullptr;
    sgs[i].priv = f.priv ? priv.data() + (f.priv - from.priv.data()) : nullptr;
  }
}

void WorkgroupState::setWorkgroupBuiltins(const Kernel& k, uint32_t S, const uint32_t* wg_id) {
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
      case BuiltinValue::GlobalIndex:
      case BuiltinValue::WorkgroupIndex: {  // linear indices: computed per lane
        const uint32_t W = k.workgroup_size[0] * k.workgroup_size[1] * k.workgroup_size[2];
        const uint32_t nsg = static_cast<uint32_t>(sgs.size());
        for (uint32_t i = 0; i < nsg; ++i) {
          uint32_t* r = sgs[i].regs + static_cast<size_t>(b.reg) * S;
          for (uint32_t l = 0; l < S; ++l) {
            r[l] = i * S + l < W ? builtinValue(b.value, i * S + l, i, l, S, nsg, k.workgroup_size, wg_id, num_wg) : 0;
          }
        }
        continue;
      }
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

void workgroupId(const DispatchParams& p, uint64_t linear, uint32_t* id) {
  id[0] = static_cast<uint32_t>(linear % p.num_workgroups[0]);
  id[1] = static_cast<uint32_t>((linear / p.num_workgroups[0]) % p.num_workgroups[1]);
  id[2] = static_cast<uint32_t>(linear / (uint64_t{p.num_workgroups[0]} * p.num_workgroups[1]));
}

void beginWorkgroup(WorkgroupState& w, ExecContext& ctx, const DispatchParams& p, uint64_t linear) {
  const Kernel& k = *p.kernel;
  const uint32_t S = p.subgroup_size;
  const uint32_t W = k.workgroup_size[0] * k.workgroup_size[1] * k.workgroup_size[2];
  ctx.k = &k;
  ctx.S = S;
  ctx.params = &p;
  ctx.wg_mem = w.wg_mem.data();
  workgroupId(p, linear, ctx.wg_id);
  ctx.instructions = 0;
  ctx.budget = p.max_instructions_per_workgroup;
  ctx.slice = p.schedule.slice;
  if (k.workgroup_size_bytes) std::memset(w.wg_mem.data(), 0, k.workgroup_size_bytes);
  const uint32_t nsg = static_cast<uint32_t>(w.sgs.size());
  for (uint32_t i = 0; i < nsg; ++i) {
    Subgroup& sg = w.sgs[i];
    sg.exists = LaneMask::firstN(std::min(S, W - i * S));
    sg.mask = sg.exists;
    sg.pc = 0;
    sg.sp = 0;
    sg.state = SgState::Running;
  }
  w.cursor = 0;
  w.setWorkgroupBuiltins(k, S, ctx.wg_id);
  if (floatModeNeedsInterpreter(p.float_policy.modes)) {  // float modes
    ctx.float_mode = &p.float_policy.modes;
    ctx.instrumented = true;
  }
  if (p.checks) {
    if (!w.checks) w.checks = p.checks->makeWorker();
    ctx.checks = w.checks.get();
    ctx.instrumented = true;
    w.checks->startWorkgroup(ctx.wg_id, W);
  }
}

void finishChecks(WorkgroupState& w, const DispatchParams& p) {
  if (!w.checks || !p.checks) return;
  p.checks->finishWorker(*w.checks);
  w.checks.reset();
}

Settle settleWorkgroup(WorkgroupState& w, ExecContext& ctx) {
  const uint32_t S = ctx.S;
  const uint32_t nsg = static_cast<uint32_t>(w.sgs.size());
  uint32_t halted = 0, at_barrier = 0;
  const Subgroup* stopped = nullptr;
  const Subgroup* first_barrier = nullptr;
  bool running = false;
  for (const Subgroup& sg : w.sgs) {
    if (sg.state == SgState::Failed) return Settle::Failed;
    if (sg.state == SgState::Halted) ++halted;
    if (sg.state == SgState::Stopped) stopped = &sg;
    if (sg.state == SgState::Running) running = true;
    if (sg.state == SgState::AtBarrier) {
      ++at_barrier;
      if (!first_barrier) first_barrier = &sg;
    }
  }
  if (stopped) {
    ExecEvent e = ExecEvent::at(ExecEvent::InstructionLimit, stopped->pc, ctx.wg_id, stopped->index * S);
    ctx.sink->add(std::move(e));
    return Settle::Failed;
  }
  if (running) return Settle::Running;  // preempted subgroups: another round
  if (halted == nsg) return Settle::Returned;
  // Every subgroup is halted or at a barrier: check that the barrier is uniform.
  bool uniform = halted == 0;
  for (const Subgroup& sg : w.sgs) {
    if (sg.state != SgState::AtBarrier) continue;
    if (sg.pc != first_barrier->pc || sg.mask != sg.exists) uniform = false;
  }
  if (!uniform) {
    ExecEvent e = ExecEvent::at(ExecEvent::BarrierDivergence, first_barrier->pc, ctx.wg_id, 0);
    for (const Subgroup& sg : w.sgs) {
      const LaneMask arrived = sg.state == SgState::AtBarrier && sg.pc == first_barrier->pc ? sg.mask : LaneMask{};
      lanesOf(sg, arrived, S, e.arrived);
      lanesOf(sg, sg.exists.andNot(arrived), S, e.missing);
    }
    e.local_index = e.arrived.empty() ? 0 : e.arrived.front();
    describeDivergence(w.sgs, S, first_barrier->pc, e);
    ctx.sink->add(std::move(e));
    return Settle::Failed;
  }
  // Barrier release.
  if (ctx.checks) ctx.checks->barrier(ctx.k->code[first_barrier->pc].aux);
  for (Subgroup& sg : w.sgs) {
    sg.pc += 1;
    sg.state = SgState::Running;
  }
  return Settle::Running;
}

void endWorkgroup(WorkgroupState& w, ExecContext& ctx, ExecStats& stats) {
  const ir::Kernel& k = *ctx.k;
  if (ctx.checks) ctx.checks->endWorkgroup();
  stats.instructions += ctx.instructions;
  stats.workgroups += 1;
  stats.subgroups += w.sgs.size();
  stats.invocations += k.workgroup_size[0] * k.workgroup_size[1] * k.workgroup_size[2];
}

}  // namespace wgsl::exec
