// The debug session (see session.h).
#include "tools/debug/session.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "grammar/source_text.h"
#include "interp/exec/float_exec.h"
#include "runtime/event_report.h"
#include "runtime/event_text.h"

namespace wgslemu::debug {

using wgsl::exec::ExecContext;
using wgsl::exec::SgState;
using wgsl::exec::Subgroup;
using wgsl::exec::WorkgroupState;
using wgsl::ir::Op;

const char* toString(StopKind k) {
  switch (k) {
    case StopKind::Entry: return "entry";
    case StopKind::Breakpoint: return "breakpoint";
    case StopKind::Step: return "step";
    case StopKind::Event: return "exception";
    case StopKind::Exited: return "exited";
  }
  return "?";
}

namespace {

std::string baseName(const std::string& path) {
  const size_t slash = path.find_last_of("/\\");
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string laneList(const std::vector<uint32_t>& lanes) {
  std::string s;
  for (size_t i = 0; i < lanes.size(); ++i) {
    size_t j = i;
    while (j + 1 < lanes.size() && lanes[j + 1] == lanes[j] + 1) ++j;
    if (!s.empty()) s += ", ";
    s += j > i ? fmt::format("{}-{}", lanes[i], lanes[j]) : std::to_string(lanes[i]);
    i = j;
  }
  return s;
}

const char* stateName(SgState s) {
  switch (s) {
    case SgState::Running: return "running";
    case SgState::AtBarrier: return "waiting at a barrier";
    case SgState::Halted: return "returned";
    case SgState::Stopped: return "stopped (instruction limit)";
    case SgState::Failed: return "failed";
  }
  return "?";
}

}  // namespace

Session::Session(runspec::RunSpec spec, runspec::RunOptions options)
    : spec_(std::move(spec)), options_(std::move(options)) {}

// ------------------------------------------------------------------------------------ breakpoints

int Session::addBreakpoint(const std::string& file, uint32_t line, const std::string& condition) {
  Breakpoint b;
  b.id = next_breakpoint_++;
  b.file = file;
  b.line = line;
  b.condition = condition;
  breakpoints_.push_back(b);
  // At a stop: resolve against the running kernel now (says where it moved); otherwise at the
  // kernel's first instruction.
  if (cur_ctx_) prepareKernel(*cur_ctx_->k);
  else prepared_ = nullptr;
  return b.id;
}

namespace {

// The built-ins a breakpoint can name, and whether instruction `in` is one.
bool builtinIs(const std::string& name, const wgsl::ir::Inst& in) {
  using wgsl::ir::OpGroup;
  if (in.op == Op::Barrier) {
    static const char* kBarriers[] = {"workgroupBarrier", "storageBarrier", "textureBarrier", "workgroupUniformLoad"};
    return in.aux < 4 && name == kBarriers[in.aux];
  }
  if (wgsl::ir::isTyped(in.op)) {
    const OpGroup g = wgsl::ir::groupOf(in.op);
    return (g == OpGroup::AtomicMin && name == "atomicMin") || (g == OpGroup::AtomicMax && name == "atomicMax");
  }
  switch (in.op) {
    case Op::AtomicLoad: return name == "atomicLoad";
    case Op::AtomicStore: return name == "atomicStore";
    case Op::AtomicAdd: return name == "atomicAdd";
    case Op::AtomicSub: return name == "atomicSub";
    case Op::AtomicAnd: return name == "atomicAnd";
    case Op::AtomicOr: return name == "atomicOr";
    case Op::AtomicXor: return name == "atomicXor";
    case Op::AtomicExchange: return name == "atomicExchange";
    case Op::AtomicCmpXchg: return name == "atomicCompareExchangeWeak";
    default: return false;
  }
}

const char* kBuiltinNames[] = {"workgroupBarrier", "storageBarrier", "textureBarrier", "workgroupUniformLoad",
                               "atomicLoad", "atomicStore", "atomicAdd", "atomicSub", "atomicMax", "atomicMin",
                               "atomicAnd", "atomicOr", "atomicXor", "atomicExchange", "atomicCompareExchangeWeak"};

}  // namespace

bool isBreakableBuiltin(const std::string& name) {
  for (const char* n : kBuiltinNames)
    if (name == n) return true;
  return false;
}

std::string notABuiltinMessage(const std::string& name) {
  return fmt::format("expected FILE:LINE, LINE, or a barrier or atomic built-in (e.g. workgroupBarrier, atomicAdd), got '{}'",
                     name);
}

int Session::addBuiltinBreakpoint(const std::string& name, const std::string& condition, std::string& error) {
  if (!isBreakableBuiltin(name)) {
    error = notABuiltinMessage(name);
    return 0;
  }
  Breakpoint b;
  b.id = next_breakpoint_++;
  b.builtin = name;
  b.condition = condition;
  breakpoints_.push_back(b);
  return b.id;
}

bool Session::deleteBreakpoint(int id) {
  auto it = std::find_if(breakpoints_.begin(), breakpoints_.end(), [&](const Breakpoint& b) { return b.id == id; });
  if (it == breakpoints_.end()) return false;
  breakpoints_.erase(it);
  return true;
}

void Session::clearBreakpoints() {
  breakpoints_.clear();
  watches_.clear();
}

int Session::addWatch(const std::string& expr, std::string& error) {
  if (!cur_w_ || !cur_ctx_) {
    error = "set watchpoints at a stop (the expression is evaluated there)";
    return 0;
  }
  const Frame f = frame(0);
  auto v = evaluate(f, expr, error);
  if (!v) return 0;
  if (v->where != Value::Where::Memory || !v->type ||
      !(v->type->isScalar() || v->type->isVector() || v->type->isAtomic())) {
    error = "expected a scalar or vector element of a storage buffer, e.g. watch out[3]";
    return 0;
  }
  for (uint32_t r = 0; r < f.k->roots.size(); ++r) {
    const auto& root = f.k->roots[r];
    if (root.slot < 0 || root.space != wgsl::sema::AddressSpace::Storage) continue;
    if (cur_ctx_->params->slot_base[static_cast<size_t>(root.slot)] != v->base) continue;
    Watch w;
    w.id = next_breakpoint_++;
    w.expr = expr;
    w.root = r;
    w.offset = v->offset;
    w.size = v->type->isVector() ? v->type->width * 4u : 4u;
    if (w.offset + w.size > v->size) {
      error = "the location is outside the buffer";
      return 0;
    }
    w.base = v->base;
    w.last.assign(v->base + w.offset, v->base + w.offset + w.size);
    watches_.push_back(w);
    return w.id;
  }
  error = "only locations in storage buffers can be watched yet";
  return 0;
}

bool Session::checkWatches(uint64_t wg, const ExecContext& ctx) {
  for (Watch& w : watches_) {
    const auto& root = ctx.k->roots.size() > w.root ? &ctx.k->roots[w.root] : nullptr;
    if (!root || root->slot < 0) continue;
    const uint8_t* base = ctx.params->slot_base[static_cast<size_t>(root->slot)];
    if (w.offset + w.size > ctx.params->slot_size[static_cast<size_t>(root->slot)]) continue;
    if (base != w.base) {  // a new dispatch: take the bytes as they are now
      w.base = base;
      w.last.assign(base + w.offset, base + w.offset + w.size);
      continue;
    }
    if (std::memcmp(base + w.offset, w.last.data(), w.size) == 0) continue;
    const std::vector<uint8_t> old = w.last;
    w.last.assign(base + w.offset, base + w.offset + w.size);
    if (mode_ != Mode::Live || !have_last_) continue;
    // The writer: the instruction that ran last, and of its lanes those whose address is the
    // watched location.
    auto it = live_.find(last_wg_);
    if (it == live_.end()) continue;
    const WorkgroupState& ww = *it->second.w;
    const ExecContext& wc = *it->second.ctx;
    const wgsl::ir::Inst& in = wc.k->code[last_pc_];
    const Subgroup& s = ww.sgs[last_sg_];
    std::vector<uint32_t> lanes;
    wgsl::exec::forEachLane(s.mask & s.exists, [&](uint32_t l) {
      const uint64_t off = (in.a == wgsl::ir::kNoReg ? 0u : s.regs[static_cast<size_t>(in.a) * wc.S + l]) + uint64_t{in.imm};
      if (in.imm2 == w.root && off < w.offset + w.size && w.offset < off + 4u * std::max<uint32_t>(1, in.n)) lanes.push_back(l);
    });
    wg_ = last_wg_;
    sg_ = last_sg_;
    cur_w_ = it->second.w;
    cur_ctx_ = it->second.ctx;
    if (!lanes.empty()) lane_ = lanes[0];
    resetPosition();
    event_pc_ = last_pc_;
    auto text = [&](const std::vector<uint8_t>& bytes) {
      std::string t;
      for (size_t i = 0; i + 4 <= bytes.size(); i += 4) {
        uint32_t b;
        std::memcpy(&b, bytes.data() + i, 4);
        t += (t.empty() ? "" : ", ") + fmt::format("{} (0x{:08x})", b, b);
      }
      return t;
    };
    StopInfo stop;
    stop.kind = StopKind::Breakpoint;
    stop.step = step_;
    stop.breakpoint = w.id;
    stop.lanes = lanes;
    const std::string writers = lanes.empty() ? fmt::format("subgroup {} of workgroup ({}, {}, {})", last_sg_, wc.wg_id[0],
                                                            wc.wg_id[1], wc.wg_id[2])
                                              : focusText();
    stop.message = fmt::format("Watchpoint {}: {} changed from {} to {}, written by {}", w.id, w.expr, text(old),
                               text(w.last), writers);
    want_ = Want::None;
    (void)wg;
    stopHere(stop);
    return true;
  }
  return false;
}

std::string Session::checkExpression(const std::string& expr) const {
  if (!atStop()) return "";
  std::string error;
  if (!evaluate(frame(0), expr, error)) return error;
  return "";
}

// ------------------------------------------------------------------------------------ the kernel

void Session::prepareKernel(const wgsl::ir::Kernel& k) {
  prepared_ = &k;
  line_of_.assign(k.code.size(), 0);
  for (uint32_t pc = 0; pc < k.code.size(); ++pc) line_of_[pc] = k.file ? k.file->position(k.code[pc].loc).line : 0;
  // Statement starts by pc: entries [stmt_begin_[pc], stmt_begin_[pc + 1]) of debug->stmts.
  stmt_begin_.assign(k.code.size() + 1, 0);
  uint32_t max_line = 0;
  if (k.debug) {
    const auto& st = k.debug->stmts;
    size_t e = 0;
    for (uint32_t pc = 0; pc <= k.code.size(); ++pc) {
      while (e < st.size() && st[e].pc < pc) ++e;
      stmt_begin_[pc] = static_cast<uint32_t>(e);
    }
    for (const auto& x : st) max_line = std::max(max_line, lineOfLoc(x.loc));
  }
  has_code_.assign(max_line + 2, false);
  if (k.debug)
    for (const auto& x : k.debug->stmts) has_code_[lineOfLoc(x.loc)] = true;
  const std::string file = k.file ? baseName(k.file->name()) : "";
  for (Breakpoint& b : breakpoints_) {
    if (!b.builtin.empty()) continue;
    if (!b.file.empty() && baseName(b.file) != file) continue;
    uint32_t l = b.line;
    while (l < has_code_.size() && !has_code_[l]) ++l;
    const uint32_t resolved = l < has_code_.size() ? l : 0;
    if (resolved == b.resolved) continue;
    b.resolved = resolved;
    if (mode_ != Mode::Live || !fe_) continue;
    if (!resolved) fe_->message(fmt::format("Breakpoint {}: no code at or after line {} of {}; it will not stop", b.id, b.line, file));
    else if (resolved != b.line)
      fe_->message(fmt::format("Breakpoint {}: line {} has no code; moved to line {}", b.id, b.line, resolved));
  }
}

uint32_t Session::lineOf(uint32_t pc) const { return pc < line_of_.size() ? line_of_[pc] : 0; }

uint32_t Session::lineOfLoc(uint32_t loc) const {
  return prepared_ && prepared_->file ? prepared_->file->position(loc).line : 0;
}

uint32_t Session::siteOf(uint32_t pc) const {
  const auto& d = prepared_ ? prepared_->debug : nullptr;
  return d && pc < d->site_of.size() ? d->site_of[pc] : 0;
}

uint32_t Session::depthOf(uint32_t site) const {
  return prepared_ && prepared_->debug ? prepared_->debug->depth(site) : 0;
}

std::pair<uint32_t, uint32_t> Session::entries(uint32_t pc) const {
  if (pc + 1 >= stmt_begin_.size()) return {0, 0};
  return {stmt_begin_[pc], stmt_begin_[pc + 1]};
}

const wgsl::ir::StmtStart* Session::focusEntry() const {
  if (!cur_w_ || pos_ < 0 || !prepared_ || !prepared_->debug) return nullptr;
  const auto [b, e] = entries(cur_w_->sgs[sg_].pc);
  if (b + static_cast<uint32_t>(pos_) >= e) return nullptr;
  return &prepared_->debug->stmts[b + static_cast<uint32_t>(pos_)];
}

bool Session::isStatement(uint32_t pc) const {
  if (!prepared_ || pc >= prepared_->code.size()) return false;
  switch (prepared_->code[pc].op) {
    case Op::IfElse: case Op::IfEnd: case Op::LoopEnd: case Op::LoopContinuing: case Op::LoopBackEdge:
    case Op::SwitchEnd: case Op::CallBegin: case Op::CallEnd: case Op::Halt:
      return false;
    default: return true;
  }
}

uint64_t Session::linearOf(const ExecContext& ctx) const {
  const uint32_t* n = ctx.params->num_workgroups;
  return ctx.wg_id[0] + uint64_t{n[0]} * (ctx.wg_id[1] + uint64_t{n[1]} * ctx.wg_id[2]);
}

// ------------------------------------------------------------------------------------ the hook

void Session::dispatchBegins(const wgsl::exec::DispatchParams& p) {
  params_ = &p;
  events_seen_ = 0;
  live_.clear();
  cursors_.clear();
  nonfinite_seen_.clear();
  have_last_ = false;
}

void Session::hangFound(const std::string& report) {
  if (mode_ != Mode::Live || !fe_) return;
  // Focus on the workgroup that ran last: the spinner the scheduler locked onto, or the last one
  // that polled.
  auto it = live_.find(wg_here_);
  if (it == live_.end() || linearOf(*it->second.ctx) != wg_here_) return;
  wg_ = wg_here_;
  cur_w_ = it->second.w;
  cur_ctx_ = it->second.ctx;
  sg_ = sg_here_ < cur_w_->sgs.size() ? sg_here_ : 0;
  const Subgroup& s = cur_w_->sgs[sg_];
  lane_ = static_cast<uint32_t>(std::max(0, (s.mask & s.exists).first()));
  resetPosition();
  StopInfo stop;
  stop.kind = StopKind::Event;
  stop.step = step_;
  stop.message = report;
  stop.hang = true;
  want_ = Want::None;
  stopHere(stop);
}

std::optional<Session::PendingEvent> Session::pollEvents(const ExecContext& sink_ctx, uint64_t wg, const ExecContext* ctx) {
  std::optional<PendingEvent> first;
  auto add = [&](const wgsl::runtime::Event& ev, const uint32_t* ewg, uint32_t pc, uint32_t local, int32_t subgroup) {
    events_.push_back(wgsl::runtime::eventLine(ev));  // the line `wgslemu run` prints
    if (first) return;
    const uint32_t* n = sink_ctx.params->num_workgroups;
    first = PendingEvent{events_.back(), wgsl::runtime::toString(ev.kind), ewg[0] + uint64_t{n[0]} * (ewg[1] + uint64_t{n[1]} * ewg[2]), pc, local, subgroup};
  };
  // The engine's events (out-of-bounds under the default policy, barrier divergence, the
  // instruction limit): one sink for the dispatch.
  if (sink_ctx.sink && sink_ctx.sink->count > events_seen_) {
    for (size_t i = static_cast<size_t>(events_seen_); i < sink_ctx.sink->events.size(); ++i) {
      const wgsl::exec::ExecEvent& e = sink_ctx.sink->events[i];
      add(wgsl::runtime::makeEvent(e, *sink_ctx.k, params_->slot_size), e.workgroup, e.pc, e.local_index, -1);
    }
    events_seen_ = sink_ctx.sink->count;
  }
  // --nonfinite=report: the first infinity or NaN at each instruction (one log per dispatch).
  if (sink_ctx.nonfinite_log && sink_ctx.nonfinite_log->by_pc.size() > nonfinite_seen_.size()) {
    for (const auto& [pc, entry] : sink_ctx.nonfinite_log->by_pc) {
      if (!nonfinite_seen_.insert(pc).second) continue;
      const wgsl::exec::ExecEvent& e = entry.event;
      add(wgsl::runtime::makeEvent(e, *sink_ctx.k, params_->slot_size), e.workgroup, e.pc, e.local_index, -1);
    }
  }
  // The checks' (bounds policies, injection, races, non-uniform collectives): per workgroup.
  if (ctx && ctx->checks) {
    for (const wgsl::runtime::RecordedEvent& r : wgsl::runtime::recordedSince(*ctx->checks, cursors_[wg]))
      add(r.event, r.workgroup, r.pc, r.local_index, r.subgroup);
  }
  return first;
}

void Session::stopAtEvent(const PendingEvent& e) {
  auto it = live_.find(e.wg);
  if (it != live_.end()) {
    wg_ = e.wg;
    const ExecContext& c = *it->second.ctx;
    const WorkgroupState& w = *it->second.w;
    if (e.subgroup >= 0 && static_cast<uint32_t>(e.subgroup) < w.sgs.size()) {
      sg_ = static_cast<uint32_t>(e.subgroup);
      const Subgroup& s = w.sgs[sg_];
      lane_ = static_cast<uint32_t>(std::max(0, (s.mask & s.exists).first()));
    } else {
      sg_ = e.local_index / c.S;
      lane_ = e.local_index % c.S;
    }
  }
  pos_ = -1;
  event_pc_ = static_cast<int64_t>(e.pc);
  StopInfo stop;
  stop.kind = StopKind::Event;
  stop.step = step_;
  stop.message = e.message;
  stop.event_kind = e.kind;
  want_ = Want::None;
  stopHere(stop);
}

void Session::workgroupFailed(WorkgroupState& w, ExecContext& ctx) {
  // The event that ended the workgroup (a trap, barrier divergence, the instruction limit).
  const uint64_t wg = linearOf(ctx);
  live_[wg] = Live{&w, &ctx};
  std::optional<PendingEvent> e = pollEvents(ctx, wg, &ctx);
  if (e && mode_ == Mode::Live && fe_) stopAtEvent(*e);
}

void Session::workgroupEnds(WorkgroupState& w, ExecContext& ctx) {
  const uint64_t wg = linearOf(ctx);
  live_[wg] = Live{&w, &ctx};
  std::optional<PendingEvent> e = pollEvents(ctx, wg, &ctx);
  if (e && mode_ == Mode::Live && fe_) stopAtEvent(*e);
  live_.erase(wg);
  cursors_.erase(wg);
  if (have_last_ && last_wg_ == wg) have_last_ = false;
}

void Session::dispatchEnds() {
  live_.clear();
  params_ = nullptr;
  cur_w_ = nullptr;
  cur_ctx_ = nullptr;
}

std::vector<uint32_t> Session::breakpointLanes(const Breakpoint& b, uint32_t sg, uint32_t pc, std::string& error) const {
  std::vector<uint32_t> lanes;
  const Subgroup& s = cur_w_->sgs[sg];
  wgsl::exec::forEachLane(s.mask & s.exists, [&](uint32_t l) {
    if (b.condition.empty()) {
      lanes.push_back(l);
      return;
    }
    Frame f = frameFor(sg, l, pc);
    std::string e;
    auto v = evaluate(f, b.condition, e);
    bool ok = false;
    if (v && truthy(f, *v, ok) && ok) lanes.push_back(l);
    if (!v && error.empty()) error = e;
    if (v && !ok && error.empty()) error = "the condition is not a scalar";
  });
  return lanes;
}

void Session::beforeInstruction(WorkgroupState& w, uint32_t sg, ExecContext& ctx) {
  ++step_;
  const uint64_t wg = linearOf(ctx);
  live_[wg] = Live{&w, &ctx};
  if (prepared_ != ctx.k) prepareKernel(*ctx.k);
  const Subgroup& s = w.sgs[sg];
  const uint32_t pc = s.pc;
  const auto [eb, ee] = entries(pc);
  const uint32_t ne = ee - eb;
  const auto& stmts = prepared_->debug ? prepared_->debug->stmts : std::vector<wgsl::ir::StmtStart>{};
  const bool focus = wg == want_wg_ && sg == want_sg_;
  const bool lane_active = focus && want_lane_ < ctx.S && s.mask.test(want_lane_);

  // New dynamic errors, made by the instruction that ran last (perhaps of another workgroup).
  std::optional<PendingEvent> new_event;
  if (have_last_) {
    auto it = live_.find(last_wg_);
    new_event = pollEvents(ctx, last_wg_, it != live_.end() ? it->second.ctx : nullptr);
  } else {
    new_event = pollEvents(ctx, wg, nullptr);
  }
  cur_w_ = &w;
  cur_ctx_ = &ctx;
  wg_here_ = wg;
  sg_here_ = sg;

  // The statement entry at this pc, from `from` to `to`, where the step `want` stops.
  auto stepEntry = [&](Want want, uint32_t from, uint32_t to) -> int {
    if (!lane_active) return -1;
    for (uint32_t i = from; i < std::min(to, ne); ++i)
      if (want == Want::Step || depthOf(stmts[eb + i].site) <= want_depth_) return static_cast<int>(i);
    return -1;
  };
  // The first statement entry in [from, to) on a breakpoint's line that some lane reaches.
  auto breakpointEntry = [&](uint32_t from, uint32_t to, Breakpoint*& hit, std::vector<uint32_t>& lanes,
                             std::string& error) -> int {
    for (uint32_t i = from; i < std::min(to, ne); ++i) {
      const uint32_t line = lineOfLoc(stmts[eb + i].loc);
      for (Breakpoint& b : breakpoints_) {
        if (!b.resolved || b.resolved != line) continue;
        error.clear();
        lanes = breakpointLanes(b, sg, pc, error);
        if (!lanes.empty() || !error.empty()) {
          hit = &b;
          return static_cast<int>(i);
        }
      }
    }
    return -1;
  };

  // Watchpoints: in every mode the watched bytes are followed (a re-execution sees the same
  // writes); only a live run stops on them.
  if (!watches_.empty()) {
    const bool stopped = checkWatches(wg, ctx);
    have_last_ = true;
    last_wg_ = wg;
    last_sg_ = sg;
    last_pc_ = pc;
    if (stopped) return;
    cur_w_ = &w;
    cur_ctx_ = &ctx;
  } else {
    have_last_ = true;
    last_wg_ = wg;
    last_sg_ = sg;
    last_pc_ = pc;
  }
  // A built-in breakpoint at this instruction (some lane reaching it).
  auto builtinHit = [&](std::vector<uint32_t>& lanes, std::string& error) -> Breakpoint* {
    for (Breakpoint& b : breakpoints_) {
      if (b.builtin.empty() || !builtinIs(b.builtin, prepared_->code[pc])) continue;
      error.clear();
      lanes = breakpointLanes(b, sg, pc, error);
      if (!lanes.empty() || !error.empty()) return &b;
    }
    return nullptr;
  };

  if (mode_ == Mode::Search) {
    // Positions before (limit_, limit_pos_) that the reverse command looks for; the last wins.
    const uint32_t upto = step_ >= limit_ ? limit_pos_ : ne;
    if (search_ == Want::Breakpoint) {
      for (uint32_t from = 0; from < upto;) {
        Breakpoint* hit = nullptr;
        std::vector<uint32_t> lanes;
        std::string error;
        const int i = breakpointEntry(from, upto, hit, lanes, error);
        if (i < 0) break;
        found_ = step_;
        found_pos_ = static_cast<uint32_t>(i);
        found_breakpoint_ = hit->id;
        from = static_cast<uint32_t>(i) + 1;
      }
      std::vector<uint32_t> lanes;
      std::string error;
      if (step_ < limit_) {
        if (Breakpoint* b = builtinHit(lanes, error)) {
          found_ = step_;
          found_pos_ = ne ? ne - 1 : 0;
          found_breakpoint_ = b->id;
        }
      }
    } else {
      for (uint32_t from = 0; from < upto;) {
        const int i = stepEntry(search_, from, upto);
        if (i < 0) break;
        found_ = step_;
        found_pos_ = static_cast<uint32_t>(i);
        from = static_cast<uint32_t>(i) + 1;
      }
    }
    cur_w_ = nullptr;
    if (step_ >= limit_) throw Abort{};
    return;
  }
  if (mode_ == Mode::Seek) {
    if (step_ < limit_) {
      cur_w_ = nullptr;
      return;
    }
    mode_ = Mode::Live;
    StopInfo stop;
    stop.kind = seek_kind_;
    stop.step = step_;
    pos_ = limit_ == 1 && found_ == 0 ? (ne ? 0 : -1) : static_cast<int>(limit_pos_);
    if (seek_kind_ == StopKind::Breakpoint) {
      wg_ = wg;
      sg_ = sg;
      stop.breakpoint = seek_breakpoint_;
      for (const Breakpoint& b : breakpoints_) {
        std::string e;
        if (b.id == seek_breakpoint_) stop.lanes = breakpointLanes(b, sg, pc, e);
      }
      if (limit_pos_ >= ne) pos_ = ne ? static_cast<int>(ne) - 1 : -1;
      if (!stop.lanes.empty() && std::find(stop.lanes.begin(), stop.lanes.end(), lane_) == stop.lanes.end())
        lane_ = stop.lanes[0];
    } else if (focus && found_) {
      wg_ = want_wg_;
      sg_ = want_sg_;
      lane_ = want_lane_;
    } else {  // back at the start: focus where execution is
      wg_ = wg;
      sg_ = sg;
      lane_ = static_cast<uint32_t>(std::max(0, (s.mask & s.exists).first()));
    }
    found_ = 0;
    stopHere(stop);
    return;
  }

  // Live.
  if (new_event) {
    stopAtEvent(*new_event);
    return;
  }
  if (stop_at_entry_ && step_ == 1) {
    wg_ = wg;
    sg_ = sg;
    lane_ = static_cast<uint32_t>(std::max(0, (s.mask & s.exists).first()));
    pos_ = ne ? 0 : -1;
    StopInfo stop;
    stop.kind = StopKind::Entry;
    stop.step = step_;
    stopHere(stop);
    return;
  }
  {
    Breakpoint* hit = nullptr;
    std::vector<uint32_t> lanes;
    std::string error;
    const int i = breakpointEntry(0, ne, hit, lanes, error);
    if (i >= 0) {
      ++hit->hits;
      wg_ = wg;
      sg_ = sg;
      pos_ = i;
      if (lanes.empty()) lane_ = static_cast<uint32_t>(std::max(0, (s.mask & s.exists).first()));
      else if (wg_ != want_wg_ || sg_ != want_sg_ || std::find(lanes.begin(), lanes.end(), lane_) == lanes.end()) lane_ = lanes[0];
      StopInfo stop;
      stop.kind = StopKind::Breakpoint;
      stop.step = step_;
      stop.breakpoint = hit->id;
      stop.lanes = lanes;
      if (!error.empty()) stop.message = "error in the breakpoint's condition: " + error;
      want_ = Want::None;
      stopHere(stop);
      return;
    }
  }
  {
    std::vector<uint32_t> lanes;
    std::string error;
    if (Breakpoint* b = builtinHit(lanes, error)) {
      ++b->hits;
      wg_ = wg;
      sg_ = sg;
      pos_ = ne ? static_cast<int>(ne) - 1 : -1;
      if (lanes.empty()) lane_ = static_cast<uint32_t>(std::max(0, (s.mask & s.exists).first()));
      else if (std::find(lanes.begin(), lanes.end(), lane_) == lanes.end()) lane_ = lanes[0];
      StopInfo stop;
      stop.kind = StopKind::Breakpoint;
      stop.step = step_;
      stop.breakpoint = b->id;
      stop.lanes = lanes;
      if (!error.empty()) stop.message = "error in the breakpoint's condition: " + error;
      want_ = Want::None;
      stopHere(stop);
      return;
    }
  }
  if (want_ != Want::None) {
    int stop_pos = -2;  // -2: no stop
    std::string why;
    if (focus) {
      switch (want_) {
        case Want::StepI: stop_pos = ne ? 0 : -1; break;
        case Want::Step:
        case Want::Next: {
          const int i = stepEntry(want_, 0, ne);
          if (i >= 0) stop_pos = i;
          break;
        }
        case Want::Finish:
          if (lane_active && isStatement(pc) && depthOf(siteOf(pc)) < want_depth_) {
            stop_pos = -1;
            for (uint32_t i = 0; i < ne; ++i)
              if (depthOf(stmts[eb + i].site) < want_depth_) {
                stop_pos = static_cast<int>(i);
                break;
              }
          }
          break;
        default: break;
      }
    } else {
      // The focused subgroup may have returned: then stop where execution is.
      auto it = live_.find(want_wg_);
      const bool gone = it == live_.end() || linearOf(*it->second.ctx) != want_wg_ ||
                        it->second.w->sgs[want_sg_].state == SgState::Halted;
      if (gone) {
        stop_pos = ne ? 0 : -1;
        why = "The focused invocation returned; stopped where execution goes on";
        wg_ = wg;
        sg_ = sg;
        lane_ = static_cast<uint32_t>(std::max(0, (s.mask & s.exists).first()));
      }
    }
    if (stop_pos != -2) {
      pos_ = stop_pos;
      want_ = Want::None;
      StopInfo stop;
      stop.kind = StopKind::Step;
      stop.step = step_;
      stop.message = why;
      stopHere(stop);
      return;
    }
  }
  cur_w_ = nullptr;
  cur_ctx_ = nullptr;
}

void Session::stopHere(StopInfo stop) {
  // The focused workgroup's state (it may be another than the one about to run).
  auto it = live_.find(wg_);
  if (it != live_.end() && linearOf(*it->second.ctx) == wg_) {
    cur_w_ = it->second.w;
    cur_ctx_ = it->second.ctx;
  }
  for (;;) {
    const Command c = fe_->stopped(*this, stop);
    // step/next between statements that start at the same instruction (a call statement and the
    // first statement of the inlined function) move without running anything.
    if ((c == Command::Step || c == Command::Next) && pos_ >= 0 && prepared_ && prepared_->debug) {
      const auto [b, e] = entries(cur_w_->sgs[sg_].pc);
      const auto& st = prepared_->debug->stmts;
      const uint32_t depth = depthOf(st[b + static_cast<uint32_t>(pos_)].site);
      int next = -1;
      for (uint32_t i = static_cast<uint32_t>(pos_) + 1; b + i < e; ++i)
        if (c == Command::Step || depthOf(st[b + i].site) <= depth) {
          next = static_cast<int>(i);
          break;
        }
      if (next >= 0) {
        pos_ = next;
        stop = StopInfo{};
        stop.kind = StopKind::Step;
        stop.step = step_;
        continue;
      }
    }
    apply(c);
    break;
  }
  cur_w_ = nullptr;
  cur_ctx_ = nullptr;
}

void Session::apply(Command c) {
  event_pc_ = -1;
  const uint32_t pc = cur_w_ ? cur_w_->sgs[sg_].pc : 0;
  const wgsl::ir::StmtStart* e = focusEntry();
  want_wg_ = wg_;
  want_sg_ = sg_;
  want_lane_ = lane_;
  want_depth_ = depthOf(e ? e->site : siteOf(pc));
  switch (c) {
    case Command::Continue: want_ = Want::None; return;
    case Command::Step: want_ = Want::Step; return;
    case Command::Next: want_ = Want::Next; return;
    case Command::Finish: want_ = Want::Finish; return;
    case Command::StepI: want_ = Want::StepI; return;
    case Command::ReverseStep:
    case Command::ReverseNext:
    case Command::ReverseContinue:
      search_ = c == Command::ReverseContinue ? Want::Breakpoint : c == Command::ReverseNext ? Want::Next : Want::Step;
      mode_ = Mode::Search;
      // The current position: this step, before its statement entry pos_ (or after all of them
      // when the focus is between statements).
      limit_ = step_;
      limit_pos_ = pos_ >= 0 ? static_cast<uint32_t>(pos_) : 0;
      if (wg_ != wg_here_ || cur_w_->sgs[sg_].pc != pc) limit_pos_ = 0;
      found_ = 0;
      found_pos_ = 0;
      found_breakpoint_ = 0;
      want_ = Want::None;
      cur_w_ = nullptr;
      throw Abort{};
    case Command::Restart:
      mode_ = Mode::Live;
      want_ = Want::None;
      cur_w_ = nullptr;
      throw Abort{};
    case Command::Kill:
      quit_ = true;
      cur_w_ = nullptr;
      throw Abort{};
  }
}

void Session::run(Frontend& fe, bool stop_at_entry) {
  fe_ = &fe;
  stop_at_entry_ = stop_at_entry;
  quit_ = false;
  for (;;) {
    step_ = 0;
    have_last_ = false;
    for (Watch& w : watches_) w.base = nullptr;
    live_.clear();
    events_.clear();
    events_seen_ = 0;
    prepared_ = nullptr;
    cur_w_ = nullptr;
    cur_ctx_ = nullptr;
    const Mode ran = mode_;
    const bool replay = mode_ != Mode::Live;
    if (replay) ++re_executions_;
    runspec::RunOptions o = options_;
    o.debug = this;
    runspec::RunResult result;
    bool aborted = false;
    try {
      result = runspec::runSpec(spec_, o);
    } catch (const Abort&) {
      aborted = true;
    }
    if (replay) re_executed_steps_ += step_;
    if (quit_) return;
    if (ran == Mode::Search) {
      // The search ran up to the current stop (or to the end): seek the step it found.
      mode_ = Mode::Seek;
      seek_kind_ = search_ == Want::Breakpoint && found_ ? StopKind::Breakpoint : StopKind::Step;
      seek_breakpoint_ = found_breakpoint_;
      if (!found_ && fe_)
        fe_->message(search_ == Want::Breakpoint ? "No earlier breakpoint hit: back at the start of the run"
                                                 : "No earlier statement of this invocation: back at the start of the run");
      limit_ = found_ ? found_ : 1;
      limit_pos_ = found_pos_;
      continue;
    }
    if (aborted) continue;  // Restart, or the start of a reverse command's search
    mode_ = Mode::Live;
    const Command c = fe.exited(*this, result);
    if (c == Command::ReverseStep || c == Command::ReverseNext || c == Command::ReverseContinue) {
      search_ = c == Command::ReverseContinue ? Want::Breakpoint : c == Command::ReverseNext ? Want::Next : Want::Step;
      mode_ = Mode::Search;
      limit_ = step_ + 1;
      limit_pos_ = 0;
      found_ = 0;
      want_wg_ = wg_;
      want_sg_ = sg_;
      want_lane_ = lane_;
      want_depth_ = ~0u;
      continue;
    }
    if (c == Command::Restart) continue;
    return;
  }
}

// ------------------------------------------------------------------------------------ at a stop

Frame Session::frameFor(uint32_t sg, uint32_t lane, uint32_t pc) const {
  Frame f;
  f.k = cur_ctx_ ? cur_ctx_->k : nullptr;
  f.w = cur_w_;
  f.ctx = cur_ctx_;
  f.sg = sg;
  f.lane = lane;
  f.pc = pc;
  f.site = siteOf(pc);
  return f;
}

std::vector<uint32_t> Session::focusChain() const {
  std::vector<uint32_t> chain;
  if (!cur_w_ || !cur_ctx_ || !cur_ctx_->k->debug) return chain;
  const wgsl::ir::StmtStart* e = focusEntry();
  const auto& d = *cur_ctx_->k->debug;
  const uint32_t pc = event_pc_ >= 0 ? static_cast<uint32_t>(event_pc_) : cur_w_->sgs[sg_].pc;
  for (uint32_t s = e ? e->site : siteOf(pc); s < d.sites.size(); s = d.sites[s].parent) chain.push_back(s);
  return chain;
}

Frame Session::frame(uint32_t depth) const {
  Frame f = frameFor(sg_, lane_, cur_w_ ? cur_w_->sgs[sg_].pc : 0);
  const std::vector<uint32_t> chain = focusChain();
  if (!chain.empty()) f.site = chain[std::min<size_t>(depth, chain.size() - 1)];
  return f;
}

std::vector<FrameInfo> Session::backtrace() const {
  std::vector<FrameInfo> out;
  if (!cur_w_ || !cur_ctx_) return out;
  const wgsl::ir::Kernel& k = *cur_ctx_->k;
  // At a dynamic error: the offending instruction (the subgroup is already past it).
  const uint32_t pc = event_pc_ >= 0 ? static_cast<uint32_t>(event_pc_) : cur_w_->sgs[sg_].pc;
  const wgsl::ir::StmtStart* e = focusEntry();
  uint32_t loc = e ? e->loc : pc < k.code.size() ? k.code[pc].loc : 0;
  for (uint32_t site : focusChain()) {
    const wgsl::ir::InlineSite& is = k.debug->sites[site];
    FrameInfo fi;
    fi.function = is.function;
    fi.site = site;
    if (k.file) {
      const wgsl::SourcePos p = k.file->position(loc);
      fi.file = k.file->name();
      fi.line = p.line;
      fi.column = p.column;
    }
    out.push_back(fi);
    loc = is.call_loc;  // the caller is at the call
  }
  return out;
}

std::string Session::focusText() const {
  if (!cur_w_ || !cur_ctx_) return "(not stopped)";
  const uint32_t S = cur_ctx_->S;
  const uint32_t idx = sg_ * S + lane_;
  uint32_t g[3];
  const uint32_t* size = cur_ctx_->k->workgroup_size;
  for (int d = 0; d < 3; ++d) g[d] = cur_ctx_->wg_id[d] * size[d] + cur_w_->local_ids[d][idx];
  return fmt::format("invocation ({}, {}, {}) (workgroup ({}, {}, {}), local index {}, subgroup {}, lane {})", g[0], g[1],
                     g[2], cur_ctx_->wg_id[0], cur_ctx_->wg_id[1], cur_ctx_->wg_id[2], idx, sg_, lane_);
}

std::string Session::whereText() const {
  const auto bt = backtrace();
  return bt.empty() ? "" : fmt::format("{}:{}:{}", bt[0].file, bt[0].line, bt[0].column);
}

std::string Session::sourceLine(uint32_t line) const {
  if (!cur_ctx_ || !cur_ctx_->k->file || line == 0 || line > cur_ctx_->k->file->lineCount()) return "";
  return cur_ctx_->k->file->lineText(line);
}

std::vector<uint32_t> Session::activeLanes() const {
  std::vector<uint32_t> lanes;
  if (!cur_w_) return lanes;
  const Subgroup& s = cur_w_->sgs[sg_];
  wgsl::exec::forEachLane(s.mask & s.exists, [&](uint32_t l) { lanes.push_back(l); });
  return lanes;
}

std::string Session::focusInvocation(uint32_t x, uint32_t y, uint32_t z) {
  if (!cur_w_ || !cur_ctx_) return "not stopped";
  const uint32_t* size = cur_ctx_->k->workgroup_size;
  // A global id: its workgroup must be the focused one (switch with `workgroup` first).
  uint32_t local[3] = {x, y, z};
  for (int d = 0; d < 3; ++d) {
    const uint32_t v = d == 0 ? x : d == 1 ? y : z;
    if (v / size[d] != cur_ctx_->wg_id[d])
      return fmt::format("invocation ({}, {}, {}) is not in workgroup ({}, {}, {}); use 'workgroup' first", x, y, z,
                         cur_ctx_->wg_id[0], cur_ctx_->wg_id[1], cur_ctx_->wg_id[2]);
    local[d] = v % size[d];
  }
  const uint32_t idx = local[0] + size[0] * (local[1] + size[1] * local[2]);
  const uint32_t S = cur_ctx_->S;
  if (idx / S >= cur_w_->sgs.size()) return "no such invocation";
  if (sg_ != idx / S) {
    sg_ = idx / S;
    resetPosition();
  }
  lane_ = idx % S;
  return "";
}

void Session::resetPosition() {
  // Another subgroup: at the first statement starting at its pc, if any.
  event_pc_ = -1;
  const auto [b, e] = entries(cur_w_->sgs[sg_].pc);
  pos_ = e > b ? 0 : -1;
}

std::string Session::focusSubgroup(uint32_t n) {
  if (!cur_w_) return "not stopped";
  if (n >= cur_w_->sgs.size()) return fmt::format("the workgroup has {} subgroups (0..{})", cur_w_->sgs.size(), cur_w_->sgs.size() - 1);
  sg_ = n;
  const Subgroup& s = cur_w_->sgs[n];
  lane_ = static_cast<uint32_t>(std::max(0, (s.mask & s.exists).first()));
  resetPosition();
  return "";
}

std::string Session::focusWorkgroup(uint32_t x, uint32_t y, uint32_t z) {
  if (!cur_ctx_ || !params_) return "not stopped";
  const uint32_t* n = params_->num_workgroups;
  if (x >= n[0] || y >= n[1] || z >= n[2]) return fmt::format("the dispatch has {}x{}x{} workgroups", n[0], n[1], n[2]);
  const uint64_t wg = x + uint64_t{n[0]} * (y + uint64_t{n[1]} * z);
  auto it = live_.find(wg);
  if (it == live_.end() || linearOf(*it->second.ctx) != wg)
    return fmt::format("workgroup ({}, {}, {}) has not started yet or has returned", x, y, z);
  wg_ = wg;
  cur_w_ = it->second.w;
  cur_ctx_ = it->second.ctx;
  return focusSubgroup(0);
}

std::string Session::infoInvocations() const {
  std::string out;
  std::vector<uint64_t> wgs;
  for (const auto& [wg, l] : live_)
    if (linearOf(*l.ctx) == wg) wgs.push_back(wg);
  std::sort(wgs.begin(), wgs.end());
  for (uint64_t wg : wgs) {
    const Live& l = live_.at(wg);
    const wgsl::ir::Kernel& k = *l.ctx->k;
    out += fmt::format("workgroup ({}, {}, {}){}\n", l.ctx->wg_id[0], l.ctx->wg_id[1], l.ctx->wg_id[2],
                       wg == wg_ ? "  [focus]" : "");
    for (const Subgroup& s : l.w->sgs) {
      std::vector<uint32_t> active, exist;
      wgsl::exec::forEachLane(s.mask & s.exists, [&](uint32_t x) { active.push_back(x); });
      std::string where = "?";
      if (k.file && s.pc < k.code.size()) {
        const wgsl::SourcePos p = k.file->position(k.code[s.pc].loc);
        where = fmt::format("{}:{}:{}", baseName(k.file->name()), p.line, p.column);
      }
      out += fmt::format("  subgroup {}: {} at {} (pc {}), active lanes [{}]{}\n", s.index, stateName(s.state), where, s.pc,
                         laneList(active), wg == wg_ && s.index == sg_ ? fmt::format("  [focus lane {}]", lane_) : "");
    }
  }
  if (out.empty()) out = "no workgroup is running\n";
  return out;
}

std::string Session::infoEvents() const {
  if (events_.empty()) return "no dynamic errors so far\n";
  std::string out;
  for (size_t i = 0; i < events_.size(); ++i) out += fmt::format("{}: {}\n", i + 1, events_[i]);
  return out;
}

std::string Session::printAll(const std::string& expr, bool hex, std::string& error) const {
  if (!cur_w_ || !cur_ctx_) {
    error = "not stopped";
    return "";
  }
  const Subgroup& s = cur_w_->sgs[sg_];
  std::string out;
  for (uint32_t l = 0; l < cur_ctx_->S; ++l) {
    if (!s.exists.test(l)) continue;
    Frame f = frameFor(sg_, l, s.pc);
    f.site = frame(0).site;
    std::string e;
    auto v = evaluate(f, expr, e);
    if (!v) {
      error = e;
      return "";
    }
    const uint32_t idx = sg_ * cur_ctx_->S + l;
    out += fmt::format("  lane {:>3} (local {:>4}){} {}\n", l, idx, s.mask.test(l) ? ":" : " (inactive):", format(f, *v, hex));
  }
  return out;
}

std::string Session::examine(const std::string& name, uint64_t from, uint64_t to, const std::string& as,
                             std::string& error) const {
  if (!cur_w_ || !cur_ctx_) {
    error = "not stopped";
    return "";
  }
  Frame f = frame(0);
  for (const NamedValue& nv : visibleVariables(f, true)) {
    if (nv.name != name || nv.value.where != Value::Where::Memory) continue;
    const Value& v = nv.value;
    std::string out;
    for (uint64_t i = from; i <= to; ++i) {
      const uint64_t off = v.offset + i * 4;
      if (off + 4 > v.size) {
        out += fmt::format("  [{}] <out of bounds: {} bytes>\n", i, v.size);
        break;
      }
      uint32_t bits;
      std::memcpy(&bits, v.base + off, 4);
      float fl;
      std::memcpy(&fl, &bits, 4);
      std::string text = as == "u32" ? std::to_string(bits)
                         : as == "i32" ? std::to_string(static_cast<int32_t>(bits))
                         : as == "x"   ? fmt::format("0x{:08x}", bits)
                                       : fmt::format("{}", fl);
      out += fmt::format("  [{}] {}\n", i, text);
    }
    return out;
  }
  error = fmt::format("no variable in memory named '{}' (buffers are named by their WGSL variable)", name);
  return "";
}

}  // namespace wgslemu::debug
