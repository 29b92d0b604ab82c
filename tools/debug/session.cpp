// The debug session (see session.h).
#include "tools/debug/session.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "base/source_text.h"
#include "interp/exec/float_exec.h"
#include "interp/ir/builtin_of.h"
#include "runtime/event_report.h"
#include "runtime/event_text.h"
#include "runtime/sched/driver.h"
#include "interp/sema/layout.h"
#include "interp/sema/builtin_fn.h"
#include "runtime/sched/schedule_file.h"
#include "tools/debug/command_args.h"
#include "tools/debug/expression.h"

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
    case StopKind::Pause: return "pause";
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

bool builtinIs(const std::string& name, const wgsl::ir::Inst& in) {
  const wgsl::sema::BuiltinFn f = wgsl::ir::builtinOf(in);
  return f != wgsl::sema::BuiltinFn::None && f == wgsl::sema::builtinFnFromName(name);
}

}  // namespace

// Barriers (Sync, UniformLoad) and atomics, by the built-in table's Uniformity column.
bool isBreakableBuiltin(const std::string& name) {
  using U = wgsl::sema::BuiltinUniformity;
  const wgsl::sema::BuiltinFn f = wgsl::sema::builtinFnFromName(name);
  if (f == wgsl::sema::BuiltinFn::None) return false;
  const U u = wgsl::sema::builtinUniformity(f);
  return u == U::Sync || u == U::UniformLoad || u == U::Atomic;
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
  if (it == breakpoints_.end()) return deleteWatch(id);
  breakpoints_.erase(it);
  return true;
}

void Session::clearBreakpoints() { breakpoints_.clear(); }

int Session::addWatch(const std::string& expr, std::string& error) {
  if (!cur_w_ || !cur_ctx_) {
    error = "set watchpoints at a stop (the expression is evaluated there)";
    return 0;
  }
  const Frame f = frame(0);
  auto v = evaluatePlace(f, expr, error);
  if (!v) return 0;
  if (v->where != Value::Where::Memory || !v->type) {
    error = "expected a place in memory (a variable in a buffer, workgroup, private or function memory, or a part of "
            "one), e.g. watch out[3]; this value lives in registers";
    return 0;
  }
  Watch w;
  w.expr = expr;
  w.type_name = v->type->name();
  const uint32_t size = wgsl::sema::sizeOf(v->type);
  w.size = size ? size : v->size > v->offset ? v->size - v->offset : 0;  // a runtime-sized array: the rest
  w.size = std::min<uint64_t>(w.size, uint64_t{1} << 16);
  if (w.size == 0 || v->offset + w.size > v->size) {
    error = "the location is outside its variable";
    return 0;
  }
  // The variable: the memory root whose bytes v->base points into.
  const wgsl::ir::Kernel& k = *f.k;
  bool found = false;
  for (uint32_t r = 0; r < k.roots.size() && !found; ++r) {
    const wgsl::ir::Root& root = k.roots[r];
    const uint8_t* base = nullptr;
    Watch::Scope scope = Watch::Scope::Buffer;
    switch (root.space) {
      case wgsl::sema::AddressSpace::Storage:
      case wgsl::sema::AddressSpace::Uniform:
        base = root.slot >= 0 ? cur_ctx_->params->slot_base[static_cast<size_t>(root.slot)] : nullptr;
        break;
      case wgsl::sema::AddressSpace::Workgroup:
        base = cur_ctx_->wg_mem + root.offset;
        scope = Watch::Scope::Workgroup;
        break;
      default:
        base = cur_w_->sgs[sg_].priv + root.offset + static_cast<size_t>(lane_) * k.private_size;
        scope = Watch::Scope::Invocation;
        break;
    }
    if (base != v->base) continue;
    found = true;
    w.root = r;
    w.scope = scope;
    w.wg = wg_;
    w.sg = sg_;
    w.lane = lane_;
  }
  if (!found) {
    error = "could not tell which variable holds this place";
    return 0;
  }
  w.offset = v->offset;
  w.id = next_breakpoint_++;
  const uint8_t* bytes = watchedBytes(w, *cur_ctx_);
  if (bytes) {
    w.last.assign(bytes, bytes + w.size);
    w.known = true;
    if (w.scope == Watch::Scope::Buffer) w.base = bytes - w.offset;
  }
  watches_.push_back(w);
  return w.id;
}

bool Session::deleteWatch(int id) {
  auto it = std::find_if(watches_.begin(), watches_.end(), [&](const Watch& w) { return w.id == id; });
  if (it == watches_.end()) return false;
  watches_.erase(it);
  return true;
}

const uint8_t* Session::watchedBytes(const Watch& w, const ExecContext& ctx) const {
  const wgsl::ir::Kernel& k = *ctx.k;
  if (w.root >= k.roots.size()) return nullptr;
  const wgsl::ir::Root& root = k.roots[w.root];
  if (w.scope == Watch::Scope::Buffer) {
    if (root.slot < 0 || w.offset + w.size > ctx.params->slot_size[static_cast<size_t>(root.slot)]) return nullptr;
    return ctx.params->slot_base[static_cast<size_t>(root.slot)] + w.offset;
  }
  auto it = live_.find(w.wg);
  if (it == live_.end()) return nullptr;
  if (w.offset + w.size > root.size) return nullptr;
  if (w.scope == Watch::Scope::Workgroup) return it->second.ctx->wg_mem + root.offset + w.offset;
  const WorkgroupState& ws = *it->second.w;
  if (w.sg >= ws.sgs.size()) return nullptr;
  return ws.sgs[w.sg].priv + root.offset + static_cast<size_t>(w.lane) * k.private_size + w.offset;
}

namespace {

// The type of the `size` bytes at `offset` within a value of type `t` (null: no such part).
const wgsl::sema::Type* typeAt(const wgsl::sema::Type* t, uint64_t offset, uint64_t size) {
  for (int depth = 0; t && depth < 64; ++depth) {
    const uint32_t whole = wgsl::sema::sizeOf(t);
    if (offset == 0 && (whole == size || (whole == 0 && t->isArray()))) return t;
    if (!t->members.empty()) {
      const wgsl::sema::Type* next = nullptr;
      for (const auto& m : t->members)
        if (offset >= m.offset && offset < uint64_t{m.offset} + m.size) {
          next = m.type;
          offset -= m.offset;
          break;
        }
      t = next;
    } else if (t->elem) {
      const uint32_t stride = t->isArray() ? wgsl::sema::strideOf(t) : wgsl::sema::sizeOf(t->elem);
      if (!stride) return nullptr;
      offset %= stride;
      t = t->elem;
    } else {
      return nullptr;
    }
  }
  return nullptr;
}

}  // namespace

std::string Session::watchValueText(const Watch& w, const uint8_t* bytes) const {
  // The type from this run's kernel (types die with the run that made them).
  const wgsl::sema::Type* type = nullptr;
  if (cur_ctx_ && cur_ctx_->k->debug && w.root < cur_ctx_->k->debug->root_types.size())
    type = typeAt(cur_ctx_->k->debug->root_types[w.root], w.offset, w.size);
  if (cur_ctx_ && type) {
    Frame f = frameFor(sg_, lane_, 0);
    Value v;
    v.type = type;
    v.where = Value::Where::Memory;
    v.base = bytes;
    v.size = w.size;
    v.offset = 0;
    return format(f, v, false, 16);
  }
  std::string t;
  for (uint64_t i = 0; i + 4 <= w.size; i += 4) {
    uint32_t b;
    std::memcpy(&b, bytes + i, 4);
    t += (t.empty() ? "" : ", ") + fmt::format("0x{:08x}", b);
  }
  return t;
}

bool Session::checkWatches(uint64_t wg, const ExecContext& ctx) {
  for (Watch& w : watches_) {
    const uint8_t* bytes = watchedBytes(w, ctx);  // null: its workgroup is not running
    if (!bytes) continue;
    if (w.scope == Watch::Scope::Buffer && bytes - w.offset != w.base) {
      const bool same = w.rebase;  // resumed from a snapshot: `last` is of this binding
      w.base = bytes - w.offset;
      w.rebase = false;
      if (!same) {  // a new dispatch: take the bytes as they are now
        w.last.assign(bytes, bytes + w.size);
        w.known = true;
        continue;
      }
    }
    if (!w.known) {  // the workgroup started
      w.last.assign(bytes, bytes + w.size);
      w.known = true;
      continue;
    }
    if (std::memcmp(bytes, w.last.data(), w.size) == 0) continue;
    const std::vector<uint8_t> old = w.last;
    w.last.assign(bytes, bytes + w.size);
    if (mode_ == Mode::Search && search_ == Want::Breakpoint && progress_.step < limit_) {
      // reverse-continue: a watchpoint hit is a place to go back to.
      found_ = progress_.step;
      found_pos_ = 0;
      found_breakpoint_ = w.id;
      found_watch_ = true;
    }
    if (mode_ != Mode::Live || !progress_.have_last) continue;
    // The writer: the instruction that ran last, and of its lanes those whose address is the
    // watched location (an invocation's own memory: that invocation).
    auto it = live_.find(progress_.last_wg);
    if (it == live_.end()) continue;
    const WorkgroupState& ww = *it->second.w;
    const ExecContext& wc = *it->second.ctx;
    const wgsl::ir::Inst& in = wc.k->code[progress_.last_pc];
    const Subgroup& s = ww.sgs[progress_.last_sg];
    std::vector<uint32_t> lanes;
    if (w.scope == Watch::Scope::Invocation) {
      if (progress_.last_sg == w.sg) lanes.push_back(w.lane);
    } else {
      wgsl::exec::forEachLane(s.mask & s.exists, [&](uint32_t l) {
        const uint64_t off = (in.a == wgsl::ir::kNoReg ? 0u : s.regs[static_cast<size_t>(in.a) * wc.S + l]) + uint64_t{in.imm};
        if (in.imm2 == w.root && off < w.offset + w.size && w.offset < off + 4u * std::max<uint32_t>(1, in.n)) lanes.push_back(l);
      });
    }
    wg_ = progress_.last_wg;
    sg_ = progress_.last_sg;
    cur_w_ = it->second.w;
    cur_ctx_ = it->second.ctx;
    if (!lanes.empty()) lane_ = lanes[0];
    resetPosition();
    pos_ = -1;  // at the store (the subgroup is past it)
    event_pc_ = progress_.last_pc;
    StopInfo stop;
    stop.kind = StopKind::Breakpoint;
    stop.watch = true;
    stop.step = progress_.step;
    stop.breakpoint = w.id;
    stop.lanes = lanes;
    const std::string writers = lanes.empty() ? fmt::format("subgroup {} of workgroup ({}, {}, {})", progress_.last_sg, wc.wg_id[0],
                                                            wc.wg_id[1], wc.wg_id[2])
                                              : focusText();
    stop.message = fmt::format("Watchpoint {}: {} changed from {} to {}, written by {}", w.id, w.expr,
                               watchValueText(w, old.data()), watchValueText(w, w.last.data()), writers);
    want_ = Want::None;
    (void)wg;
    stopHere(stop);
    return true;
  }
  return false;
}

std::string Session::checkExpression(const std::string& expr) const {
  if (!atStop()) return "";
  std::string error, place_error;
  if (CompiledExpression::compile(frame(0), expr, error) || evaluatePlace(frame(0), expr, place_error)) return "";
  return error;
}

// ------------------------------------------------------------------------------------ the kernel

void Session::prepareKernel(const wgsl::ir::Kernel& k) {
  prepared_ = &k;
  prepared_debug_ = k.debug;
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
  const auto& d = prepared_debug_;
  return d && pc < d->site_of.size() ? d->site_of[pc] : 0;
}

uint32_t Session::depthOf(uint32_t site) const { return prepared_debug_ ? prepared_debug_->depth(site) : 0; }

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
  conditions_.clear();  // compiled against the last dispatch's kernel
  progress_.events_seen = 0;
  live_.clear();
  progress_.cursors.clear();
  progress_.nonfinite_seen.clear();
  progress_.have_last = false;
  progress_.played.clear();
  progress_.returned.clear();
  for (Watch& w : watches_) w.rebase = false;  // a resumed dispatch sets them again (resumeFrom)
  ++progress_.dispatch_index;
  if (mode_ == Mode::Peek && progress_.dispatch_index != peek_dispatch_) {
    ahead_end_ = "the dispatch has ended";
    throw Abort{};
  }
}

void Session::hangFound(const std::string& report) {
  if (mode_ == Mode::Peek) {
    ahead_end_ = "the scheduler finds a hang: " + report.substr(0, report.find('\n'));
    throw Abort{};
  }
  if (mode_ != Mode::Live || !fe_) return;
  // Focus on the workgroup that ran last: the spinner the scheduler locked onto, or the last one
  // that polled.
  auto it = live_.find(progress_.wg_here);
  if (it == live_.end() || linearOf(*it->second.ctx) != progress_.wg_here) return;
  wg_ = progress_.wg_here;
  cur_w_ = it->second.w;
  cur_ctx_ = it->second.ctx;
  sg_ = progress_.sg_here < cur_w_->sgs.size() ? progress_.sg_here : 0;
  const Subgroup& s = cur_w_->sgs[sg_];
  lane_ = static_cast<uint32_t>(std::max(0, (s.mask & s.exists).first()));
  resetPosition();
  StopInfo stop;
  stop.kind = StopKind::Event;
  stop.step = progress_.step;
  stop.message = report;
  stop.hang = true;
  want_ = Want::None;
  stop_before_ = false;
  hang_report_ = report;
  stopHere(stop);
}

std::optional<Session::PendingEvent> Session::pollEvents(const ExecContext& sink_ctx, uint64_t wg, const ExecContext* ctx) {
  std::optional<PendingEvent> first;
  auto add = [&](const wgsl::runtime::Event& ev, const uint32_t* ewg, uint32_t pc, uint32_t local, int32_t subgroup) {
    progress_.events.push_back(wgsl::runtime::eventLine(ev));  // the line `wgslemu run` prints
    if (first) return;
    const uint32_t* n = sink_ctx.params->num_workgroups;
    first = PendingEvent{progress_.events.back(), wgsl::runtime::toString(ev.kind),
                         ewg[0] + uint64_t{n[0]} * (ewg[1] + uint64_t{n[1]} * ewg[2]), pc, local, subgroup};
  };
  // The engine's events (out-of-bounds under the default policy, barrier divergence, the
  // instruction limit): one sink for the dispatch.
  if (sink_ctx.sink && sink_ctx.sink->count > progress_.events_seen) {
    for (size_t i = static_cast<size_t>(progress_.events_seen); i < sink_ctx.sink->events.size(); ++i) {
      const wgsl::exec::ExecEvent& e = sink_ctx.sink->events[i];
      add(wgsl::runtime::makeEvent(e, *sink_ctx.k, params_->slot_size), e.workgroup, e.pc, e.local_index, -1);
    }
    progress_.events_seen = sink_ctx.sink->count;
  }
  // --nonfinite=report: the first infinity or NaN at each instruction (one log per dispatch).
  if (sink_ctx.nonfinite_log && sink_ctx.nonfinite_log->by_pc.size() > progress_.nonfinite_seen.size()) {
    for (const auto& [pc, entry] : sink_ctx.nonfinite_log->by_pc) {
      if (!progress_.nonfinite_seen.insert(pc).second) continue;
      const wgsl::exec::ExecEvent& e = entry.event;
      add(wgsl::runtime::makeEvent(e, *sink_ctx.k, params_->slot_size), e.workgroup, e.pc, e.local_index, -1);
    }
  }
  // The checks' (bounds policies, injection, races, non-uniform collectives): per workgroup.
  if (ctx && ctx->checks) {
    for (const wgsl::runtime::RecordedEvent& r : wgsl::runtime::recordedSince(*ctx->checks, progress_.cursors[wg]))
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
  stop.step = progress_.step;
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
  if (e && mode_ == Mode::Peek) ahead_end_ = "the dispatch stops at: " + e->message;
  stop_before_ = false;
  if (e && mode_ == Mode::Live && fe_) stopAtEvent(*e);
}

void Session::workgroupEnds(WorkgroupState& w, ExecContext& ctx) {
  const uint64_t wg = linearOf(ctx);
  live_[wg] = Live{&w, &ctx};
  std::optional<PendingEvent> e = pollEvents(ctx, wg, &ctx);
  stop_before_ = false;
  if (e && mode_ == Mode::Live && fe_) stopAtEvent(*e);
  progress_.returned.insert(wg);
  live_.erase(wg);
  progress_.cursors.erase(wg);
  if (progress_.have_last && progress_.last_wg == wg) progress_.have_last = false;
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
  wgsl::exec::LaneMask cond_lanes;
  wgsl::exec::forEachLane(s.mask & s.exists, [&](uint32_t l) {
    if (b.condition.empty()) {
      lanes.push_back(l);
      return;
    }
    cond_lanes.set(l);
  });
  if (b.condition.empty() || cond_lanes.none()) return lanes;
  // The condition, evaluated once for every active lane by the engine.
  const Frame f = frameFor(sg, static_cast<uint32_t>(cond_lanes.first()), pc);
  const auto key = std::make_tuple(b.condition, f.k, pc, f.site);
  auto it = conditions_.find(key);
  if (it == conditions_.end()) {
    std::string e;
    it = conditions_.emplace(key, std::shared_ptr<CompiledExpression>(CompiledExpression::compile(f, b.condition, e))).first;
    if (!it->second) {
      error = e;
      return lanes;
    }
  }
  if (!it->second) {
    error = "the condition does not type-check here";
    return lanes;
  }
  if (!it->second->run(f, cond_lanes, error)) return lanes;
  wgsl::exec::forEachLane(cond_lanes, [&](uint32_t l) {
    bool ok = false;
    if (it->second->truthy(f, l, ok) && ok) lanes.push_back(l);
    if (!ok && error.empty()) error = "the condition is not a scalar";
  });
  return lanes;
}

void Session::beforeInstruction(WorkgroupState& w, uint32_t sg, ExecContext& ctx) {
  ++progress_.step;
  stop_before_ = true;
  hang_report_.clear();
  const uint64_t wg = linearOf(ctx);
  live_[wg] = Live{&w, &ctx};
  if (prepared_ != ctx.k) prepareKernel(*ctx.k);
  const Subgroup& s = w.sgs[sg];
  const uint32_t pc = s.pc;
  const auto [eb, ee] = entries(pc);
  const uint32_t ne = ee - eb;
  static const std::vector<wgsl::ir::StmtStart> kNoStatements;
  // (Both arms lvalues: a temporary in one arm made this a copy of the kernel's statement list
  // per instruction.)
  const auto& stmts = prepared_->debug ? prepared_->debug->stmts : kNoStatements;
  const bool focus = wg == want_wg_ && sg == want_sg_;
  // The trace of statement starts (what reverse-step and reverse-next look for), once per step.
  if (progress_.step > trace_covered_ && trace_covered_ == progress_.step - 1) {
    trace_covered_ = progress_.step;
    if (ne && trace_.size() < kMaxTrace) {
      trace_.push_back(TraceRec{progress_.step, wg, static_cast<uint16_t>(sg),
                                static_cast<uint16_t>(progress_.dispatch_index), pc, s.mask});
    } else if (ne) {
      trace_covered_ = progress_.step - 1;  // full: from here on, reverse steps search by re-execution
      trace_full_ = true;
    }
  }
  const bool lane_active = focus && want_lane_ < ctx.S && s.mask.test(want_lane_);

  // New dynamic errors, made by the instruction that ran last (perhaps of another workgroup).
  std::optional<PendingEvent> new_event;
  if (progress_.have_last) {
    auto it = live_.find(progress_.last_wg);
    new_event = pollEvents(ctx, progress_.last_wg, it != live_.end() ? it->second.ctx : nullptr);
  } else {
    new_event = pollEvents(ctx, wg, nullptr);
  }
  cur_w_ = &w;
  cur_ctx_ = &ctx;
  progress_.wg_here = wg;
  progress_.sg_here = sg;

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

  // Going back to a watchpoint hit: at its step the watch stops as it does live.
  if (mode_ == Mode::Seek && seek_watch_ && progress_.step >= limit_) {
    seek_watch_ = false;
    mode_ = Mode::Live;
  }
  // Watchpoints: in every mode the watched bytes are followed (a re-execution sees the same
  // writes); only a live run stops on them.
  if (!watches_.empty()) {
    const bool stopped = checkWatches(wg, ctx);
    progress_.have_last = true;
    progress_.last_wg = wg;
    progress_.last_sg = sg;
    progress_.last_pc = pc;
    if (stopped) return;
    cur_w_ = &w;
    cur_ctx_ = &ctx;
  } else {
    progress_.have_last = true;
    progress_.last_wg = wg;
    progress_.last_sg = sg;
    progress_.last_pc = pc;
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

  if (mode_ == Mode::Play) {  // replaying the entries played before: no stop
    cur_w_ = nullptr;
    return;
  }
  if (mode_ == Mode::Peek) {  // looking ahead: no stop
    cur_w_ = nullptr;
    if (progress_.dispatch_index != peek_dispatch_) {
      ahead_end_ = "the dispatch has ended";
      throw Abort{};
    }
    return;
  }
  if (mode_ == Mode::Search) {
    // Positions before (limit_, limit_pos_) that the reverse command looks for; the last wins.
    const uint32_t upto = progress_.step >= limit_ ? limit_pos_ : ne;
    if (search_ == Want::Breakpoint) {
      for (uint32_t from = 0; from < upto;) {
        Breakpoint* hit = nullptr;
        std::vector<uint32_t> lanes;
        std::string error;
        const int i = breakpointEntry(from, upto, hit, lanes, error);
        if (i < 0) break;
        found_ = progress_.step;
        found_pos_ = static_cast<uint32_t>(i);
        found_breakpoint_ = hit->id;
        found_watch_ = false;
        from = static_cast<uint32_t>(i) + 1;
      }
      std::vector<uint32_t> lanes;
      std::string error;
      if (progress_.step < limit_) {
        if (Breakpoint* b = builtinHit(lanes, error)) {
          found_ = progress_.step;
          found_pos_ = ne ? ne - 1 : 0;
          found_breakpoint_ = b->id;
          found_watch_ = false;
        }
      }
    } else {
      for (uint32_t from = 0; from < upto;) {
        const int i = stepEntry(search_, from, upto);
        if (i < 0) break;
        found_ = progress_.step;
        found_pos_ = static_cast<uint32_t>(i);
        from = static_cast<uint32_t>(i) + 1;
      }
    }
    cur_w_ = nullptr;
    if (progress_.step >= limit_) throw Abort{};
    return;
  }
  if (mode_ == Mode::Seek) {
    if (progress_.step < limit_) {
      cur_w_ = nullptr;
      return;
    }
    mode_ = Mode::Live;
    StopInfo stop;
    stop.kind = seek_kind_;
    stop.step = progress_.step;
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
    if (seek_restore_) {  // back at a stop after looking ahead: exactly as it was
      seek_restore_ = false;
      wg_ = restore_wg_;
      sg_ = restore_sg_;
      lane_ = restore_lane_;
      pos_ = restore_pos_;
      event_pc_ = restore_event_pc_;
      stop.kind = StopKind::Step;
      stop.message = seek_message_;
    }
    stopHere(stop);
    return;
  }

  // Live.
  if (new_event) {
    stopAtEvent(*new_event);
    return;
  }
  if (play_stop_pending_) {
    // The played entries ended: stop before anything else runs, focused on the workgroup played.
    play_stop_pending_ = false;
    if (want_ == Want::Entry) {
      auto it = live_.find(play_end_wg_);
      if (it != live_.end()) {
        wg_ = play_end_wg_;
        const WorkgroupState& pw = *it->second.w;
        sg_ = play_end_sg_ < pw.sgs.size() ? play_end_sg_ : 0;
        const Subgroup& ps = pw.sgs[sg_];
        lane_ = static_cast<uint32_t>(std::max(0, (ps.mask & ps.exists).first()));
        const auto [b, e] = entries(ps.pc);
        pos_ = e > b ? 0 : -1;
      } else {
        wg_ = wg;
        sg_ = sg;
        lane_ = static_cast<uint32_t>(std::max(0, (s.mask & s.exists).first()));
        pos_ = ne ? 0 : -1;
      }
      StopInfo stop;
      stop.kind = StopKind::Step;
      stop.step = progress_.step;
      const std::string what = play_end_ == wgsl::exec::StepResult::End::Atomic
                                   ? "ran to after its atomic operation at " + pcWhere(play_end_pc_)
                                   : "returned";
      stop.message = fmt::format("Workgroup {} {} (schedule entry {})", workgroupName(play_end_wg_), what, play_target_);
      want_ = Want::None;
      stopHere(stop);
      return;
    }
  }
  if (stop_at_entry_ && progress_.step == 1 && !skip_entry_) {
    wg_ = wg;
    sg_ = sg;
    lane_ = static_cast<uint32_t>(std::max(0, (s.mask & s.exists).first()));
    pos_ = ne ? 0 : -1;
    StopInfo stop;
    stop.kind = StopKind::Entry;
    stop.step = progress_.step;
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
      stop.step = progress_.step;
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
      stop.step = progress_.step;
      stop.breakpoint = b->id;
      stop.lanes = lanes;
      if (!error.empty()) stop.message = "error in the breakpoint's condition: " + error;
      want_ = Want::None;
      stopHere(stop);
      return;
    }
  }
  if ((progress_.step & 4095) == 0 && fe_ && fe_->pauseRequested()) {
    wg_ = wg;
    sg_ = sg;
    lane_ = static_cast<uint32_t>(std::max(0, (s.mask & s.exists).first()));
    pos_ = ne ? 0 : -1;
    StopInfo stop;
    stop.kind = StopKind::Pause;
    stop.step = progress_.step;
    want_ = Want::None;
    stopHere(stop);
    return;
  }
  if (want_ != Want::None && want_ != Want::Entry) {
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
      stop.step = progress_.step;
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
        stop.step = progress_.step;
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
      limit_ = progress_.step;
      limit_pos_ = pos_ >= 0 ? static_cast<uint32_t>(pos_) : 0;
      if (wg_ != progress_.wg_here || cur_w_->sgs[sg_].pc != pc) limit_pos_ = 0;
      found_ = 0;
      found_pos_ = 0;
      found_breakpoint_ = 0;
      found_watch_ = false;
      want_ = Want::None;
      cur_w_ = nullptr;
      if (search_ != Want::Breakpoint && searchTrace()) seekFound();  // no search run needed
      throw Abort{};
    case Command::Restart:
      mode_ = Mode::Live;
      want_ = Want::None;
      cur_w_ = nullptr;
      if (manual_) {  // the run starts again under the scheduler of the options
        manual_ = false;
        clearTrace();
      }
      throw Abort{};
    case Command::Play:
      play_pending_ = true;
      want_ = Want::None;
      cur_w_ = nullptr;
      throw Abort{};
    case Command::Peek:
      // Run on silently from here, then come back to this stop exactly.
      restore_wg_ = wg_;
      restore_sg_ = sg_;
      restore_lane_ = lane_;
      restore_pos_ = pos_;
      restore_event_pc_ = event_pc_;
      limit_ = progress_.step;
      seek_message_ = scheduleText();
      mode_ = Mode::Peek;
      peek_dispatch_ = progress_.dispatch_index;
      ahead_.clear();
      ahead_end_.clear();
      want_ = Want::None;
      return;
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
    // A run that plays the user's schedule does not stop at its entry again (the user asked to run).
    skip_entry_ = play_pending_;
    if (play_pending_) beginPlay();
    params_ = nullptr;  // the last run's dispatch is gone (also when it was abandoned)
    progress_.step = 0;
    progress_.dispatch_index = 0;
    play_stop_pending_ = false;
    progress_.have_last = false;
    for (Watch& w : watches_) {
      w.base = nullptr;
      w.known = false;
      w.rebase = false;
    }
    live_.clear();
    progress_.events.clear();
    progress_.events_seen = 0;
    prepared_ = nullptr;
    cur_w_ = nullptr;
    cur_ctx_ = nullptr;
    const Mode ran = mode_;
    const bool replay = mode_ != Mode::Live;
    if (replay) ++re_executions_;
    runspec::RunOptions o = options_;
    o.debug = this;
    runspec::RunControl control;
    control.pass_begins = [this](size_t pass, const runspec::TakeCheckpoint& take) { passBegins(pass, take); };
    // A re-execution begins at the last snapshot before the first step it must see: the target
    // of a seek; for a search, the steps before its limit (all of them when limit_pos_ is 0).
    resume_.reset();
    resumed_at_ = 0;
    const Snapshot* from = mode_ == Mode::Seek ? snapshotBefore(limit_)
                           : mode_ == Mode::Search ? snapshotBefore(limit_pos_ > 0 ? limit_ : limit_ - 1)
                                                   : nullptr;
    if (from) {
      resume_ = *from;
      control.resume = from->checkpoint;
      restoreSession(from->session);
      if (from->dispatch) --progress_.dispatch_index;  // dispatchBegins counts the dispatch again
      resumed_at_ = from->step;
      ++snapshot_resumes_;
      if (!from->dispatch) resume_.reset();  // at a pass's start: the dispatch begins as usual
    }
    runspec::RunResult result;
    bool aborted = false;
    try {
      result = runspec::runSpec(spec_, o, nullptr, &control);
    } catch (const Abort&) {
      aborted = true;
    }
    resume_.reset();
    prepared_ = nullptr;  // the runner that owned the kernel is gone (prepared_debug_ stays)
    if (replay) re_executed_steps_ += progress_.step - resumed_at_;
    if (quit_) return;
    if (mode_ == Mode::Peek) {
      // Looked ahead (to a number of steps, a hang, the end): back to the stop it started from.
      if (ahead_end_.empty()) ahead_end_ = aborted ? "" : "the run ends";
      seek_message_ += aheadText();
      mode_ = Mode::Seek;
      seek_kind_ = StopKind::Step;
      seek_restore_ = true;
      found_ = 1;
      continue;
    }
    if (ran == Mode::Search && mode_ == Mode::Search && !found_ && resumed_at_ > 0) {
      // Nothing between the snapshot and the limit: search the steps before the snapshot.
      limit_ = resumed_at_ + 1;
      limit_pos_ = 0;
      continue;
    }
    if (ran == Mode::Search && mode_ == Mode::Search) {
      // The search ran up to the current stop (or to the end): seek the step it found.
      mode_ = Mode::Seek;
      seek_kind_ = search_ == Want::Breakpoint && found_ ? StopKind::Breakpoint : StopKind::Step;
      seek_breakpoint_ = found_breakpoint_;
      seek_watch_ = found_ && found_watch_;
      found_watch_ = false;
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
      limit_ = progress_.step + 1;
      limit_pos_ = 0;
      found_ = 0;
      want_wg_ = wg_;
      want_sg_ = sg_;
      want_lane_ = lane_;
      want_depth_ = ~0u;
      if (search_ != Want::Breakpoint && searchTrace()) seekFound();
      continue;
    }
    if (c == Command::Restart) {
      if (manual_) {
        manual_ = false;
        clearTrace();
      }
      continue;
    }
    if (c == Command::Play) {
      play_pending_ = true;
      continue;
    }
    return;
  }
}

// ------------------------------------------------------------------------------------ expressions

std::string Session::frontEndDiagnostic(const std::string& expr, uint32_t depth) const {
  if (!cur_ctx_ || !cur_w_) return "";
  return CompiledExpression::diagnostic(frame(depth), expr);
}

std::string Session::valueText(const std::string& expr, bool hex, uint32_t depth, std::string& error) const {
  error.clear();
  if (!cur_ctx_ || !cur_w_) {
    error = "not stopped";
    return "";
  }
  const Frame f = frame(depth);
  return expressionText(f, expr, hex, error);
}


// ------------------------------------------------------------------------------------ float modes

namespace {

struct ShadowDone {};

// Runs the spec again under --float=ieee and evaluates an expression where the focused invocation
// reaches its N-th statement start (float modes may fuse or split instructions, so the position is
// counted in statements, not instructions).
class ShadowHook : public wgsl::exec::DebugHook {
 public:
  uint32_t dispatch = 1;
  uint64_t wg = 0;
  uint32_t sg = 0, lane = 0;
  uint64_t ordinal = 0;
  uint32_t loc = 0;  // the statement expected there
  std::string expr;
  bool hex = false;
  std::string text, note;

  void dispatchBegins(const wgsl::exec::DispatchParams&) override { ++dispatch_; }
  void beforeInstruction(WorkgroupState& w, uint32_t s, ExecContext& ctx) override {
    if (dispatch_ != dispatch || s != sg) return;
    const uint32_t* n = ctx.params->num_workgroups;
    if (ctx.wg_id[0] + uint64_t{n[0]} * (ctx.wg_id[1] + uint64_t{n[1]} * ctx.wg_id[2]) != wg) return;
    const Subgroup& g = w.sgs[s];
    if (lane >= ctx.S || !g.mask.test(lane) || !ctx.k->debug) return;
    const auto& st = ctx.k->debug->stmts;
    auto range = std::equal_range(st.begin(), st.end(), wgsl::ir::StmtStart{g.pc, 0, 0},
                                  [](const wgsl::ir::StmtStart& a, const wgsl::ir::StmtStart& b) { return a.pc < b.pc; });
    for (auto it = range.first; it != range.second; ++it) {
      if (++count_ != ordinal) continue;
      if (it->loc != loc) {
        note = "the ieee run is at another statement there";
        throw ShadowDone{};
      }
      Frame f;
      f.k = ctx.k;
      f.w = &w;
      f.ctx = &ctx;
      f.sg = s;
      f.lane = lane;
      f.pc = g.pc;
      f.site = it->site;
      std::string error;
      text = expressionText(f, expr, hex, error);
      if (!error.empty()) note = error;
      throw ShadowDone{};
    }
  }

 private:
  uint32_t dispatch_ = 0;
  uint64_t count_ = 0;
};

}  // namespace

bool Session::floatModeActive() const {
  const std::string m = options_.get("float", "ieee");
  return !m.empty() && m != "ieee";
}

std::string Session::ieeeValue(const std::string& expr, bool hex, uint32_t depth, std::string& note) const {
  note.clear();
  if (!floatModeActive() || !atStop()) return "";
  // The focused invocation's statement ordinal, from the trace: only for the subgroup about to run,
  // at a statement start.
  if (wg_ != progress_.wg_here || sg_ != progress_.sg_here || pos_ < 0 || trace_full_ || trace_covered_ < progress_.step) {
    note = "compared with ieee only at a statement start of the subgroup about to run";
    return "";
  }
  uint64_t ordinal = 0;
  for (const TraceRec& r : trace_) {
    if (r.step >= progress_.step) break;
    if (r.dispatch != progress_.dispatch_index || r.wg != wg_ || r.sg != sg_ || lane_ >= 128 || !r.mask.test(lane_)) continue;
    const auto [b, e] = entries(r.pc);
    ordinal += e - b;
  }
  ordinal += static_cast<uint64_t>(pos_) + 1;
  const wgsl::ir::StmtStart* entry = focusEntry();
  ShadowHook hook;
  hook.dispatch = progress_.dispatch_index;
  hook.wg = wg_;
  hook.sg = sg_;
  hook.lane = lane_;
  hook.ordinal = ordinal;
  hook.loc = entry ? entry->loc : 0;
  hook.expr = expr;
  hook.hex = hex;
  (void)depth;
  runspec::RunOptions o = options_;
  std::string error;
  o.set("float", "ieee", error);
  for (const char* out : {"timeline", "save-schedule"}) o.values.erase(out);
  o.debug = &hook;
  try {
    runspec::runSpec(spec_, o);
    note = "the ieee run does not reach this statement";
  } catch (const ShadowDone&) {
  }
  return hook.text;
}

// ------------------------------------------------------------------------------------ the trace

void Session::clearTrace() {
  clearSnapshots();  // of another execution too
  trace_.clear();
  trace_covered_ = 0;
  trace_full_ = false;
}

bool Session::searchTrace() {
  // The trace covers every step up to the limit (this run is deterministic: the steps recorded
  // in earlier runs are this run's); the last matching position before (limit_, limit_pos_).
  // After the run has ended its kernel is gone: the debug information the session keeps serves.
  if (trace_covered_ < std::min<uint64_t>(limit_, progress_.step) || trace_.empty() || !prepared_debug_) return false;
  const auto& stmts = prepared_debug_->stmts;
  auto it = std::upper_bound(trace_.begin(), trace_.end(), limit_, [](uint64_t v, const TraceRec& r) { return v < r.step; });
  while (it != trace_.begin()) {
    --it;
    const TraceRec& r = *it;
    if (r.dispatch != progress_.dispatch_index) return false;  // an earlier dispatch (another kernel): search by re-execution
    if (r.wg != want_wg_ || r.sg != want_sg_ || want_lane_ >= 128 || !r.mask.test(want_lane_)) continue;
    const auto [eb, ee] = entries(r.pc);
    const uint32_t ne = ee - eb;
    const uint32_t upto = std::min(r.step >= limit_ ? limit_pos_ : ne, ne);
    for (uint32_t i = upto; i-- > 0;) {
      if (search_ == Want::Step || depthOf(stmts[eb + i].site) <= want_depth_) {
        found_ = r.step;
        found_pos_ = i;
        return true;
      }
    }
  }
  return false;
}

void Session::seekFound() {
  mode_ = Mode::Seek;
  seek_kind_ = StopKind::Step;
  seek_breakpoint_ = 0;
  seek_watch_ = false;
  limit_ = found_;
  limit_pos_ = found_pos_;
  ++trace_hits_;
}

// ------------------------------------------------------------------------------------ the schedule

Session::~Session() = default;

bool Session::explicitSchedule(std::vector<uint32_t>& prefix, std::vector<uint32_t>& cycle) {
  if (!manual_ || progress_.dispatch_index + 1 != manual_dispatch_) return false;  // dispatchBegins comes next
  prefix = manual_prefix_;
  cycle = manual_cycle_;
  return true;
}

void Session::stepEnded(uint64_t wg, const wgsl::exec::StepResult& r) {
  // Entries as --schedule counts them: a step that ended at an atomic operation; while the played
  // prefix runs, also a played entry that ended in a return.
  const bool playing = manual_ && progress_.dispatch_index == manual_dispatch_;  // this dispatch is played by hand
  const bool in_prefix = playing && progress_.played.size() < manual_prefix_.size();
  const bool entry = r.end == wgsl::exec::StepResult::End::Atomic ||
                     (in_prefix && r.end == wgsl::exec::StepResult::End::Returned && manual_prefix_[progress_.played.size()] == wg);
  if (mode_ == Mode::Peek) {
    AheadStep a;
    a.wg = wg;
    a.end = r.end;
    a.pc = r.pc;
    a.memory_changed = r.memory_changed;
    a.name = workgroupName(wg);
    a.where = pcWhere(r.pc);
    ahead_.push_back(a);
    if (ahead_.size() >= 8) throw Abort{};
  }
  if (!entry) {
    // The played workgroup returned before all its entries ran (later entries naming it are
    // skipped): the played entries end here.
    if (playing && mode_ == Mode::Live && want_ == Want::Entry && r.end == wgsl::exec::StepResult::End::Returned &&
        !manual_prefix_.empty() && wg == manual_prefix_.back()) {
      play_stop_pending_ = true;
      play_end_wg_ = static_cast<uint32_t>(wg);
      play_end_pc_ = r.pc;
      play_end_ = r.end;
    }
    return;
  }
  progress_.played.push_back(static_cast<uint32_t>(wg));
  if (!playing) return;
  if (mode_ == Mode::Play && progress_.played.size() == play_live_at_) {
    // The entries played before are replayed: the new ones run live.
    mode_ = Mode::Live;
    want_ = play_forever_ ? Want::None : Want::Entry;
  } else if (mode_ == Mode::Live && want_ == Want::Entry &&
             (progress_.played.size() == play_target_ ||
              (r.end == wgsl::exec::StepResult::End::Returned && !manual_prefix_.empty() && wg == manual_prefix_.back()))) {
    play_stop_pending_ = true;
    play_end_wg_ = static_cast<uint32_t>(wg);
    play_end_sg_ = progress_.have_last && progress_.last_wg == wg ? progress_.last_sg : 0;  // the subgroup that ran last
    play_end_pc_ = r.pc;
    play_end_ = r.end;
  }
}

void Session::beginPlay() {
  play_pending_ = false;
  clearTrace();  // another schedule: another execution
  manual_ = true;  // explicitSchedule gives the played entries to dispatch manual_dispatch_
  if (play_live_at_ == 0) {
    mode_ = Mode::Live;
    want_ = play_forever_ ? Want::None : Want::Entry;
  } else {
    mode_ = Mode::Play;
    want_ = Want::None;
  }
}

std::string Session::playWorkgroup(uint64_t wg, uint32_t count, bool forever) {
  if (params_) {
    const uint32_t* n = params_->num_workgroups;
    const uint64_t total = uint64_t{n[0]} * n[1] * n[2];
    if (wg >= total) return fmt::format("the dispatch has {} workgroups (0..{})", total, total - 1);
    if (progress_.returned.count(wg)) return fmt::format("workgroup {} has returned", workgroupName(wg));
  }
  if (count == 0 || count > 100000) return "expected a count from 1 to 100000";
  // At a stop: the running dispatch (the earlier ones replay under the options' scheduler);
  // before the run: the first.
  manual_dispatch_ = atStop() && progress_.dispatch_index > 0 ? progress_.dispatch_index : 1;
  // The entries so far, then the new ones.
  std::vector<uint32_t> prefix = atStop() ? progress_.played : std::vector<uint32_t>{};
  play_live_at_ = prefix.size();
  if (!forever) prefix.insert(prefix.end(), count, static_cast<uint32_t>(wg));
  manual_prefix_ = prefix;
  manual_cycle_ = forever ? std::vector<uint32_t>{static_cast<uint32_t>(wg)} : std::vector<uint32_t>{};
  play_target_ = prefix.size();
  play_forever_ = forever;
  if (!atStop()) play_pending_ = true;  // before the run: it starts with this schedule
  return "";
}

std::string Session::playWorkgroupCommand(const std::string& arg) {
  std::string which = trim(arg), more;
  if (const size_t sp = which.find(' '); sp != std::string::npos) {
    more = trim(which.substr(sp + 1));
    which = which.substr(0, sp);
  }
  uint32_t v[3], count = 1;
  const bool forever = more == "forever";
  if (which.empty() || !parseTriple(which, v) || (!more.empty() && !forever && !parseU32(more, count)))
    return fmt::format("expected N, X,Y,Z, then a count or 'forever', got '{}'", arg);
  uint64_t wg = v[0];
  if (which.find(',') != std::string::npos) {
    const std::optional<uint64_t> l = linearWorkgroup(v[0], v[1], v[2]);
    if (!l) return fmt::format("no workgroup ({}, {}, {}) in the running dispatch", v[0], v[1], v[2]);
    wg = *l;
  }
  return playWorkgroup(wg, count, forever);
}

std::optional<uint64_t> Session::linearWorkgroup(uint32_t x, uint32_t y, uint32_t z) const {
  if (!params_) return std::nullopt;
  const uint32_t* n = params_->num_workgroups;
  if (x >= n[0] || y >= n[1] || z >= n[2]) return std::nullopt;
  return x + uint64_t{n[0]} * (y + uint64_t{n[1]} * z);
}

std::string Session::workgroupName(uint64_t wg) const {
  if (!params_) return std::to_string(wg);
  const uint32_t* n = params_->num_workgroups;
  if (n[1] == 1 && n[2] == 1) return std::to_string(wg);
  return fmt::format("{} ({}, {}, {})", wg, wg % n[0], (wg / n[0]) % n[1], wg / (uint64_t{n[0]} * n[1]));
}

std::string Session::pcWhere(uint32_t pc) const {
  const wgsl::ir::Kernel* k = prepared_;
  if (!k || !k->file || pc >= k->code.size()) return fmt::format("pc {}", pc);
  const wgsl::SourcePos p = k->file->position(k->code[pc].loc);
  return fmt::format("{}:{}:{}", baseName(k->file->name()), p.line, p.column);
}

std::string Session::scheduleFileText() const {
  wgsl::sched::Schedule sch;
  if (manual_ && progress_.dispatch_index == manual_dispatch_ && !manual_cycle_.empty()) {
    sch.prefix.assign(manual_prefix_.begin(), manual_prefix_.end());
    sch.cycle.assign(manual_cycle_.begin(), manual_cycle_.end());
  } else {
    sch.prefix.assign(progress_.played.begin(), progress_.played.end());
    if (!hang_report_.empty()) sch = wgsl::sched::hangSchedule(std::move(sch));
  }
  return wgsl::sched::formatSchedule(sch);
}

std::string Session::saveSchedule(const std::string& path) const {
  if (!params_) return "no dispatch is running";
  std::ofstream f(path);
  if (!f) return fmt::format("cannot write '{}'", path);
  f << fmt::format("# wgslemu schedule ({}, saved by wgslemu debug at step {}); replay with --schedule=FILE\n",
                   manual_ ? "played by hand" : options_.has("schedule")
                                                    ? "--schedule"
                                                    : options_.get("scheduler", "fair"),
                   progress_.step);
  if (spec_.passes.size() > 1) {  // the section of this dispatch; the others run under --scheduler
    f << fmt::format("# the schedule of dispatch {}; the other dispatches run under the --scheduler\n", progress_.dispatch_index);
    f << fmt::format("dispatch {}:\n", progress_.dispatch_index);
  }
  f << scheduleFileText();
  return f ? "" : fmt::format("cannot write '{}'", path);
}

std::string Session::cannotPeek() const {
  if (!atStop()) return "not stopped";
  if (!hang_report_.empty()) return "the scheduler found a hang: nothing runs next";
  if (!stop_before_) return "the dispatch stops at this error: nothing runs next";
  return "";
}

std::string Session::scheduleText() const {
  std::string out;
  if (manual_ && progress_.dispatch_index == manual_dispatch_) {
    out += fmt::format("Scheduler: played by hand (an explicit schedule: {} entries{})\n", manual_prefix_.size(),
                       manual_cycle_.empty() ? ", then the rest in id order"
                                             : fmt::format(", then workgroup {} forever", workgroupName(manual_cycle_[0])));
  } else if (options_.has("schedule")) {
    out += fmt::format("Scheduler: the explicit schedule of {}\n", options_.get("schedule"));
  } else {
    out += fmt::format("Scheduler: {}{}\n", options_.get("scheduler", "fair"),
                       options_.has("seed") ? " (seed " + options_.get("seed") + ")" : "");
  }
  // Entries so far (the last ones).
  std::string list;
  const size_t from = progress_.played.size() > 24 ? progress_.played.size() - 24 : 0;
  for (size_t i = from; i < progress_.played.size(); ++i) list += (list.empty() ? "" : " ") + std::to_string(progress_.played[i]);
  out += fmt::format("Entries so far (one per atomic operation; save-schedule keeps them): {}{}{}\n", progress_.played.size(),
                     progress_.played.empty() ? "" : from ? ": ... " : ": ", list);
  if (stop_before_ && cur_w_ && cur_ctx_ && live_.count(progress_.wg_here)) {
    const Live& l = live_.at(progress_.wg_here);
    const Subgroup& sg = l.w->sgs[progress_.sg_here];
    out += fmt::format("Now: workgroup {} is in a step; its subgroup {} runs next, at {}\n",
                       workgroupName(progress_.wg_here), progress_.sg_here, pcWhere(sg.pc));
  } else if (!hang_report_.empty()) {
    out += "Now: the scheduler found a hang; nothing runs next\n";
  }
  return out;
}

std::string Session::aheadText() const {
  std::string out = "Next scheduling steps (seen by running ahead, then coming back here):\n";
  for (const AheadStep& a : ahead_) {
    std::string what;
    switch (a.end) {
      case wgsl::exec::StepResult::End::Atomic: what = "to after its atomic operation at " + a.where; break;
      case wgsl::exec::StepResult::End::Barrier: what = "to a barrier at " + a.where; break;
      case wgsl::exec::StepResult::End::BackEdge: what = "to a loop back-edge at " + a.where; break;
      case wgsl::exec::StepResult::End::Returned: what = "to its return"; break;
      case wgsl::exec::StepResult::End::Failed: what = "to a dynamic error that stops the dispatch"; break;
    }
    out += fmt::format("  workgroup {} runs {}{}\n", a.name, what,
                       a.memory_changed ? "" : " (no memory change)");
  }
  if (ahead_.empty() && ahead_end_.empty()) out += "  (none)\n";
  if (!ahead_end_.empty()) out += "  then " + ahead_end_ + "\n";
  else if (ahead_.size() >= 8) out += "  ...\n";
  return out;
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

std::string Session::invocationText(uint32_t lane) const {
  if (!cur_w_ || !cur_ctx_) return "";
  const uint32_t idx = sg_ * cur_ctx_->S + lane;
  if (idx >= cur_w_->local_ids[0].size()) return "";
  uint32_t g[3];
  const uint32_t* size = cur_ctx_->k->workgroup_size;
  for (int d = 0; d < 3; ++d) g[d] = cur_ctx_->wg_id[d] * size[d] + cur_w_->local_ids[d][idx];
  return fmt::format("invocation ({}, {}, {}) (local index {}, subgroup {}, lane {})", g[0], g[1], g[2], idx, sg_, lane);
}

std::string Session::focusLane(uint32_t lane) {
  if (!cur_w_ || !cur_ctx_) return "not stopped";
  if (lane >= cur_ctx_->S || !cur_w_->sgs[sg_].exists.test(lane)) return fmt::format("subgroup {} has no lane {}", sg_, lane);
  lane_ = lane;
  return "";
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
  if (progress_.events.empty()) return "no dynamic errors so far\n";
  std::string out;
  for (size_t i = 0; i < progress_.events.size(); ++i) out += fmt::format("{}: {}\n", i + 1, progress_.events[i]);
  return out;
}

std::string Session::printAll(const std::string& expr, bool hex, std::string& error) const {
  if (!cur_w_ || !cur_ctx_) {
    error = "not stopped";
    return "";
  }
  const Subgroup& s = cur_w_->sgs[sg_];
  // One evaluation for every lane (inactive lanes too: their variables hold their last values).
  const Frame f = frame(0);
  std::string out;
  auto c = CompiledExpression::compile(f, expr, error);
  if (!c || !c->run(f, s.exists, error)) {
    // A place the engine cannot load as a value (a module-scope atomic): read per lane.
    std::string place_error;
    for (uint32_t l = 0; l < cur_ctx_->S; ++l) {
      if (!s.exists.test(l)) continue;
      Frame fl = f;
      fl.lane = l;
      auto v = evaluatePlace(fl, expr, place_error);
      if (!v) return "";
      out += fmt::format("  lane {:>3} (local {:>4}){} {}\n", l, sg_ * cur_ctx_->S + l, s.mask.test(l) ? ":" : " (inactive):",
                         format(fl, *v, hex));
    }
    error.clear();
    return out;
  }
  for (uint32_t l = 0; l < cur_ctx_->S; ++l) {
    if (!s.exists.test(l)) continue;
    const uint32_t idx = sg_ * cur_ctx_->S + l;
    out += fmt::format("  lane {:>3} (local {:>4}){} {}\n", l, idx, s.mask.test(l) ? ":" : " (inactive):", c->text(f, l, hex));
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
