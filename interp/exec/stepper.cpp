// Step-wise execution of workgroups (see stepper.h).
#include "interp/exec/stepper.h"

#include <algorithm>
#include <cstring>
#include <tuple>

namespace wgsl::exec {

uint64_t SubgroupPicker::next() {
  uint64_t z = (rng += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

namespace {

// The subgroup to run next, or -1 when none can run.
int pickSubgroup(WorkgroupState& w, SubgroupPicker& picker) {
  const uint32_t n = static_cast<uint32_t>(w.sgs.size());
  switch (picker.order) {
    case SubgroupOrder::Random: {
      uint32_t runnable = 0;
      for (const Subgroup& sg : w.sgs) runnable += sg.state == SgState::Running;
      if (!runnable) return -1;
      uint32_t k = static_cast<uint32_t>(picker.next() % runnable);
      for (uint32_t i = 0; i < n; ++i)
        if (w.sgs[i].state == SgState::Running && k-- == 0) return static_cast<int>(i);
      return -1;
    }
    case SubgroupOrder::Adversarial:
      // Stay with the current subgroup (cursor counts from the highest index: a new workgroup
      // starts with its last subgroup) while it can run; then the highest-index one that can.
      if (w.cursor < n && w.sgs[n - 1 - w.cursor].state == SgState::Running) return static_cast<int>(n - 1 - w.cursor);
      for (uint32_t i = n; i-- > 0;)
        if (w.sgs[i].state == SgState::Running) return static_cast<int>(i);
      return -1;
    default:
      for (uint32_t j = 0; j < n; ++j) {
        const uint32_t i = (w.cursor + j) % n;
        if (w.sgs[i].state == SgState::Running) return static_cast<int>(i);
      }
      return -1;
  }
}

StepResult fromRecord(const StepRecord& r, StepResult::End end) {
  StepResult s;
  s.end = end;
  s.memory_changed = r.memory_changed;
  s.atomic_write = r.atomic_write;
  s.pc = r.pc;
  s.read_root = r.read_root;
  s.read_offset = r.read_offset;
  s.read_pc = r.read_pc;
  return s;
}

inline void mix(uint64_t& h, uint64_t v) {
  h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  h *= 0x100000001B3ull;
}

void mixBytes(uint64_t& h, const void* data, size_t n) {
  const uint8_t* p = static_cast<const uint8_t*>(data);
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t v;
    std::memcpy(&v, p + i, 8);
    mix(h, v);
  }
  uint64_t tail = 0;
  std::memcpy(&tail, p + i, n - i);
  mix(h, tail ^ (uint64_t{n} << 56));
}

}  // namespace

StepResult stepWorkgroup(WorkgroupState& w, ExecContext& ctx, SubgroupPicker& picker,
                         std::vector<SubgroupStep>* subgroups, DebugHook* debug) {
  ctx.step = StepRecord{};
  const bool lockstep = picker.order == SubgroupOrder::Lockstep;
  const uint32_t slice = ctx.slice;
  if (lockstep || debug) ctx.slice = 1;
  const uint32_t n = static_cast<uint32_t>(w.sgs.size());
  if (subgroups) subgroups->assign(n, SubgroupStep::NotRun);
  StepResult out;
  int keep = -1;  // under a debugger: the subgroup whose one-instruction slice continues its run
  uint32_t kept = 0;  // and how many instructions of its own slice it has run
  for (;;) {
    const int i = keep >= 0 ? keep : pickSubgroup(w, picker);
    keep = -1;
    if (debug && i >= 0) debug->beforeInstruction(w, static_cast<uint32_t>(i), ctx);
    if (i < 0) {
      const Settle s = settleWorkgroup(w, ctx);
      if (s == Settle::Running) continue;  // a barrier was released
      if (s == Settle::Failed && debug) debug->workgroupFailed(w, ctx);
      out = fromRecord(ctx.step, s == Settle::Returned ? StepResult::End::Returned : StepResult::End::Failed);
      break;
    }
    Subgroup& sg = w.sgs[static_cast<uint32_t>(i)];
    if (subgroups) {
      // Which subgroup changed memory: the step's flag, seen around this subgroup's run.
      const bool before = ctx.step.memory_changed;
      ctx.step.memory_changed = false;
      runSubgroup(sg, ctx);
      SubgroupStep& mine = (*subgroups)[static_cast<uint32_t>(i)];
      if (ctx.step.memory_changed) mine = SubgroupStep::Progress;
      else if (mine == SubgroupStep::NotRun) mine = SubgroupStep::Ran;
      ctx.step.memory_changed |= before;
    } else {
      runSubgroup(sg, ctx);
    }
    if (debug && !lockstep && sg.state == SgState::Running && ctx.step.stop == StepRecord::None &&
        (slice == 0 || ++kept < slice)) {
      keep = i;  // only the debugger's slice ended: the same subgroup goes on, as without it
      continue;
    }
    kept = 0;
    w.cursor = picker.order == SubgroupOrder::Adversarial ? n - 1 - static_cast<uint32_t>(i) : (static_cast<uint32_t>(i) + 1) % n;
    if (sg.state == SgState::Running && ctx.step.stop != StepRecord::None) {
      out = fromRecord(ctx.step, ctx.step.stop == StepRecord::Atomic ? StepResult::End::Atomic : StepResult::End::BackEdge);
      break;
    }
    if (sg.state == SgState::AtBarrier) {
      out = fromRecord(ctx.step, StepResult::End::Barrier);
      out.pc = sg.pc;
      break;
    }
    if (sg.state == SgState::Stopped || sg.state == SgState::Failed) {
      settleWorkgroup(w, ctx);  // records the event
      if (debug) debug->workgroupFailed(w, ctx);
      out = fromRecord(ctx.step, StepResult::End::Failed);
      break;
    }
    // Halted, or a slice expired: another subgroup (or the same) continues the step.
  }
  ctx.slice = slice;
  if (subgroups) {
    for (uint32_t i = 0; i < n; ++i) {
      SubgroupStep& c = (*subgroups)[i];
      const SgState st = w.sgs[i].state;
      if (st == SgState::AtBarrier && c != SubgroupStep::Progress) c = SubgroupStep::Barrier;
      else if (st == SgState::Halted && c == SubgroupStep::NotRun) c = SubgroupStep::Done;
    }
  }
  return out;
}

StepEngine::StepEngine(const DispatchParams& params, const StepOptions& options) : p_(params), options_(options) {
  const ir::Kernel& k = *p_.kernel;
  const uint32_t S = p_.subgroup_size;
  const uint32_t W = k.workgroup_size[0] * k.workgroup_size[1] * k.workgroup_size[2];
  nsg_ = (W + S - 1) / S;
  total_ = uint64_t{p_.num_workgroups[0]} * p_.num_workgroups[1] * p_.num_workgroups[2];
  state_bytes_ = WorkgroupState::bytesFor(k, S, nsg_);
  for (size_t i = 0; i < k.slots.size(); ++i)
    if (k.slots[i].space != sema::AddressSpace::Uniform) storage_bytes_ += p_.slot_size[i];
  exec_.init(S, p_.max_events);
  picker_.order = options_.subgroup_order;
  picker_.rng = options_.subgroup_seed * 0x2545F4914F6CDD1Dull + 0x1234567ull;
  phase_.assign(static_cast<size_t>(total_), 0);
  if (options_.debug) options_.debug->dispatchBegins(p_);
}

StepEngine::~StepEngine() {
  if (options_.debug) options_.debug->dispatchEnds();
}

StepResult StepEngine::step(uint64_t wg) {
  StepResult fail;
  fail.end = StepResult::End::Failed;
  if (failed_ || wg >= total_ || phase_[wg] == 2) return fail;
  auto it = live_.find(wg);
  if (it == live_.end()) {
    // First step: the workgroup starts, with a state from the pool.
    if ((live_.size() + 1) * state_bytes_ > options_.memory_limit_bytes) {
      error_ = "the scheduler had " + std::to_string(live_.size() + 1) + " workgroups started at once, " +
               std::to_string(((live_.size() + 1) * state_bytes_) >> 20) + " MiB of workgroup state; at most " +
               std::to_string(options_.memory_limit_bytes >> 20) +
               " MiB are allowed (use --scheduler=obe with a smaller --occupancy, or fewer workgroups)";
      failed_ = true;
      return fail;
    }
    Live live;
    if (!free_.empty()) {
      live.state = std::move(free_.back());
      free_.pop_back();
    } else {
      live.state = std::make_unique<WorkgroupState>();
      live.state->init(*p_.kernel, p_.subgroup_size, nsg_, p_.num_workgroups);
    }
    live.ctx.sink = &exec_.sink;
    live.ctx.nonfinite_log = &exec_.nonfinite_log;
    live.ctx.scratch = exec_.scratch.data();
    beginWorkgroup(*live.state, live.ctx, p_, wg);  // hook point: workgroup start
    live.ctx.instrumented = true;
    live.ctx.preempt = true;
    phase_[wg] = 1;
    it = live_.emplace(wg, std::move(live)).first;
    peak_ = std::max(peak_, live_.size());
  }
  Live& live = it->second;
  StepResult r = stepWorkgroup(*live.state, live.ctx, picker_, options_.record_subgroups ? &last_subgroups_ : nullptr,
                               options_.debug);
  if (options_.debug) options_.debug->stepEnded(wg, r);
  if (r.end == StepResult::End::Returned || r.end == StepResult::End::Failed) {
    if (options_.debug) options_.debug->workgroupEnds(*live.state, live.ctx);
    endWorkgroup(*live.state, live.ctx, exec_.stats);  // hook point: workgroup end
    if (p_.workgroups_done) p_.workgroups_done->fetch_add(1, std::memory_order_relaxed);
    phase_[wg] = 2;
    free_.push_back(std::move(live.state));
    live_.erase(it);
    if (r.end == StepResult::End::Failed) failed_ = true;
  }
  return r;
}

namespace {

void mixWorkgroup(uint64_t& h, const WorkgroupState& w) {
  mix(h, w.cursor);
  mixBytes(h, w.regs.data(), w.regs.size() * 4);
  mixBytes(h, w.priv.data(), w.priv.size());
  mixBytes(h, w.wg_mem.data(), w.wg_mem.size());
  for (const Subgroup& sg : w.sgs) {
    mix(h, (uint64_t{sg.pc} << 8) | static_cast<uint64_t>(sg.state));
    mix(h, sg.mask.w[0]);
    mix(h, sg.mask.w[1]);
    mix(h, sg.sp);
    for (uint32_t i = 0; i < sg.sp; ++i) {
      const CtlEntry& e = sg.stack[i];
      mix(h, (uint64_t{e.begin} << 16) | (uint64_t{e.phase} << 8) | e.kind);
      mix(h, e.saved.w[0] ^ (e.saved.w[1] * 31));
      mix(h, e.pending.w[0] ^ (e.pending.w[1] * 31));
    }
  }
}

}  // namespace

std::optional<uint64_t> StepEngine::stateHash() const {
  const uint64_t bytes = live_.size() * state_bytes_ + storage_bytes_ + total_;
  if (bytes > options_.hash_limit_bytes || (p_.checks && !p_.checks->stateDetermined())) return std::nullopt;
  uint64_t h = 0xCBF29CE484222325ull;
  mixBytes(h, phase_.data(), phase_.size());
  mix(h, picker_.rng);
  for (uint64_t wg = 0; wg < total_; ++wg) {
    if (phase_[wg] != 1) continue;
    mix(h, wg);
    mixWorkgroup(h, *live_.at(wg).state);
  }
  const ir::Kernel& k = *p_.kernel;
  for (size_t i = 0; i < k.slots.size(); ++i)
    if (k.slots[i].space != sema::AddressSpace::Uniform) mixBytes(h, p_.slot_base[i], p_.slot_size[i]);
  return h;
}

std::optional<uint64_t> StepEngine::workgroupHash(uint64_t wg) const {
  if (state_bytes_ > options_.hash_limit_bytes || (p_.checks && !p_.checks->stateDetermined())) return std::nullopt;
  auto it = live_.find(wg);
  if (it == live_.end()) return std::nullopt;
  uint64_t h = 0xCBF29CE484222325ull;
  mix(h, wg);
  mix(h, picker_.rng);
  mixWorkgroup(h, *it->second.state);
  return h;
}

std::unique_ptr<StepEngine::Saved> StepEngine::save() const {
  auto s = std::make_unique<Saved>();
  std::vector<const WorkerCheckHooks*> workers;
  auto add = [&](uint64_t wg, const WorkgroupState& state, const ExecContext* ctx) {
    Saved::Workgroup g;
    g.wg = wg;
    g.state = std::make_unique<WorkgroupState>();
    g.state->copyFrom(state);
    if (ctx) g.ctx = *ctx;
    workers.push_back(state.checks.get());
    s->bytes += state_bytes_ + sizeof(Saved::Workgroup);
    s->workgroups.push_back(std::move(g));
  };
  for (const auto& [wg, live] : live_) add(wg, *live.state, &live.ctx);
  for (const auto& state : free_) add(~uint64_t{0}, *state, nullptr);
  if (p_.checks) {
    s->checks = p_.checks->saveWorkers(workers);
    if (!s->checks) return nullptr;  // these checks cannot be saved
    s->bytes += s->checks->bytes();
  }
  s->phase = phase_;
  s->exec = exec_;
  s->picker = picker_;
  s->peak = peak_;
  s->failed = failed_;
  s->bytes += phase_.size() + exec_.scratch.size() * 4 + exec_.sink.events.size() * sizeof(ExecEvent);
  return s;
}

void StepEngine::restore(const Saved& s) {
  std::vector<std::unique_ptr<WorkerCheckHooks>> checks;
  if (p_.checks && s.checks) checks = p_.checks->restoreWorkers(*s.checks);
  exec_ = s.exec;
  picker_ = s.picker;
  phase_ = s.phase;
  peak_ = s.peak;
  failed_ = s.failed;
  live_.clear();
  free_.clear();
  for (size_t i = 0; i < s.workgroups.size(); ++i) {
    const Saved::Workgroup& g = s.workgroups[i];
    auto state = std::make_unique<WorkgroupState>();
    state->copyFrom(*g.state);
    if (i < checks.size()) state->checks = std::move(checks[i]);
    if (g.wg == ~uint64_t{0}) {
      free_.push_back(std::move(state));
      continue;
    }
    Live live;
    live.ctx = g.ctx;
    live.ctx.k = p_.kernel;
    live.ctx.params = &p_;
    live.ctx.wg_mem = state->wg_mem.data();
    live.ctx.sink = &exec_.sink;
    live.ctx.scratch = exec_.scratch.data();
    live.ctx.nonfinite_log = &exec_.nonfinite_log;
    live.ctx.checks = state->checks.get();
    live.ctx.float_mode = g.ctx.float_mode ? &p_.float_policy.modes : nullptr;
    live.state = std::move(state);
    live_.emplace(g.wg, std::move(live));
  }
  if (options_.debug)
    for (auto& [wg, live] : live_) options_.debug->workgroupResumed(*live.state, live.ctx);
}

DispatchResult StepEngine::finish() {
  DispatchResult result;
  for (auto& s : free_) finishChecks(*s, p_);
  result.nonfinite_events = mergeNonFinite({&exec_.nonfinite_log}, *p_.kernel, p_.max_events);
  // Alive workgroups (a hang) in id order: the same order however the map was filled (a
  // debugger's snapshot restores it in another).
  std::vector<uint64_t> alive;
  for (const auto& [wg, live] : live_) alive.push_back(wg);
  std::sort(alive.begin(), alive.end());
  for (uint64_t wg : alive) finishChecks(*live_.at(wg).state, p_);
  result.stats = exec_.stats;
  for (const auto& [wg, live] : live_) result.stats.instructions += live.ctx.instructions;  // still alive (a hang)
  result.event_count = exec_.sink.count;
  for (auto& e : exec_.sink.events) {
    if (e.kind == ExecEvent::BarrierDivergence) result.status = ExecStatus::UniformityError;
    if (e.kind == ExecEvent::InstructionLimit && result.status == ExecStatus::Ok) result.status = ExecStatus::InstructionLimit;
    if (e.kind == ExecEvent::Internal) result.status = ExecStatus::InternalError;
    result.events.push_back(std::move(e));
  }
  exec_.sink.events.clear();
  return result;
}

}  // namespace wgsl::exec
