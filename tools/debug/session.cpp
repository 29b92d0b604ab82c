// The debug session (see session.h).
#include "tools/debug/session.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "grammar/source_text.h"
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
  prepared_ = nullptr;  // resolve against the running kernel at the next instruction
  return b.id;
}

bool Session::deleteBreakpoint(int id) {
  auto it = std::find_if(breakpoints_.begin(), breakpoints_.end(), [&](const Breakpoint& b) { return b.id == id; });
  if (it == breakpoints_.end()) return false;
  breakpoints_.erase(it);
  return true;
}

void Session::clearBreakpoints() { breakpoints_.clear(); }

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
  uint32_t max_line = 0;
  for (uint32_t pc = 0; pc < k.code.size(); ++pc) {
    line_of_[pc] = k.file ? k.file->position(k.code[pc].loc).line : 0;
    max_line = std::max(max_line, line_of_[pc]);
  }
  has_code_.assign(max_line + 2, false);
  for (uint32_t pc = 0; pc < k.code.size(); ++pc)
    if (isStatement(pc)) has_code_[line_of_[pc]] = true;
  const std::string file = k.file ? baseName(k.file->name()) : "";
  for (Breakpoint& b : breakpoints_) {
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

uint32_t Session::siteOf(uint32_t pc) const {
  const auto& d = prepared_ ? prepared_->debug : nullptr;
  return d && pc < d->site_of.size() ? d->site_of[pc] : 0;
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
  last_line_.clear();
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
  const bool stmt = isStatement(pc);
  const uint32_t line = lineOf(pc), site = siteOf(pc);

  // Did the subgroup enter a new statement line (for breakpoints)?
  bool entered = false;
  if (stmt) {
    const uint64_t here = (uint64_t{site} << 32) | line;
    uint64_t& last = last_line_[wg * 4096 + sg];
    entered = last != here;
    last = here;
  }
  // Is this a statement start of the focused (wanted) invocation?
  const bool focus = wg == want_wg_ && sg == want_sg_;
  const bool lane_active = focus && want_lane_ < ctx.S && s.mask.test(want_lane_);
  const bool moved = stmt && lane_active && (line != want_line_ || site != want_site_);

  // New dynamic errors: their messages (as `wgslemu run` words them).
  std::optional<size_t> new_event;
  if (ctx.sink && ctx.sink->count > events_seen_) {
    for (size_t i = static_cast<size_t>(events_seen_); i < ctx.sink->events.size(); ++i) {
      if (!new_event) new_event = i;
      events_.push_back(wgsl::runtime::makeEvent(ctx.sink->events[i], *ctx.k, params_->slot_size).message);
    }
    events_seen_ = ctx.sink->count;
  }

  cur_w_ = &w;
  cur_ctx_ = &ctx;
  struct Clear {
    Session* s;
    ~Clear() { s->cur_w_ = nullptr; }
  };
  if (mode_ == Mode::Search) {
    if (step_ >= limit_) {
      cur_w_ = nullptr;
      throw Abort{};
    }
    Clear clear{this};
    if (search_ == Want::Breakpoint) {
      if (entered) {
        for (const Breakpoint& b : breakpoints_) {
          std::string e;
          if (b.resolved == line && !breakpointLanes(b, sg, pc, e).empty()) {
            found_ = step_;
            found_breakpoint_ = b.id;
          }
        }
      }
    } else if (moved && (search_ != Want::Next || prepared_->debug->depth(site) <= want_depth_)) {
      found_ = step_;
      // The focus-lane position becomes the reference for the next entry.
    }
    if (moved) {
      want_line_ = line;
      want_site_ = site;
    }
    return;
  }
  if (mode_ == Mode::Seek) {
    if (moved) {
      want_line_ = line;
      want_site_ = site;
    }
    if (step_ < limit_) {
      cur_w_ = nullptr;
      return;
    }
    mode_ = Mode::Live;
    StopInfo stop;
    stop.kind = seek_kind_;
    stop.step = step_;
    if (seek_kind_ == StopKind::Breakpoint) {
      wg_ = wg;
      sg_ = sg;
      stop.breakpoint = seek_breakpoint_;
      for (const Breakpoint& b : breakpoints_) {
        std::string e;
        if (b.id == seek_breakpoint_) stop.lanes = breakpointLanes(b, sg, pc, e);
      }
      if (!stop.lanes.empty() && std::find(stop.lanes.begin(), stop.lanes.end(), lane_) == stop.lanes.end())
        lane_ = stop.lanes[0];
    } else {
      wg_ = want_wg_;
      sg_ = want_sg_;
      lane_ = want_lane_;
      if (limit_ == 1 && !focus) {  // back at the start: focus where execution is
        wg_ = wg;
        sg_ = sg;
        lane_ = static_cast<uint32_t>(std::max(0, (s.mask & s.exists).first()));
      }
    }
    stopHere(stop);
    return;
  }

  // Live.
  if (new_event) {
    const wgsl::exec::ExecEvent& e = ctx.sink->events[*new_event];
    const uint32_t* n = ctx.params->num_workgroups;
    const uint64_t ewg = e.workgroup[0] + uint64_t{n[0]} * (e.workgroup[1] + uint64_t{n[1]} * e.workgroup[2]);
    if (live_.count(ewg)) {
      wg_ = ewg;
      sg_ = e.local_index / ctx.S;
      lane_ = e.local_index % ctx.S;
    }
    StopInfo stop;
    stop.kind = StopKind::Event;
    stop.step = step_;
    stop.message = events_[events_.size() - (ctx.sink->events.size() - *new_event)];
    want_ = Want::None;
    stopHere(stop);
    return;
  }
  if (stop_at_entry_ && step_ == 1) {
    wg_ = wg;
    sg_ = sg;
    lane_ = static_cast<uint32_t>(std::max(0, (s.mask & s.exists).first()));
    StopInfo stop;
    stop.kind = StopKind::Entry;
    stop.step = step_;
    stopHere(stop);
    return;
  }
  if (entered) {
    for (Breakpoint& b : breakpoints_) {
      if (b.resolved != line || !b.resolved) continue;
      std::string error;
      std::vector<uint32_t> lanes = breakpointLanes(b, sg, pc, error);
      if (lanes.empty() && error.empty()) continue;
      ++b.hits;
      wg_ = wg;
      sg_ = sg;
      if (lanes.empty()) {
        lane_ = static_cast<uint32_t>(std::max(0, (s.mask & s.exists).first()));
      } else if (std::find(lanes.begin(), lanes.end(), lane_) == lanes.end()) {
        lane_ = lanes[0];
      }
      StopInfo stop;
      stop.kind = StopKind::Breakpoint;
      stop.step = step_;
      stop.breakpoint = b.id;
      stop.lanes = lanes;
      if (!error.empty()) stop.message = "error in the breakpoint's condition: " + error;
      want_ = Want::None;
      stopHere(stop);
      return;
    }
  }
  if (want_ != Want::None) {
    bool stop_now = false;
    std::string why;
    if (focus) {
      const uint32_t depth = prepared_->debug ? prepared_->debug->depth(site) : 0;
      switch (want_) {
        case Want::StepI: stop_now = true; break;
        case Want::Step: stop_now = moved; break;
        case Want::Next: stop_now = moved && depth <= want_depth_; break;
        case Want::Finish: stop_now = stmt && lane_active && depth < want_depth_; break;
        default: break;
      }
    } else {
      // The focused subgroup may have returned or be waiting: then stop where execution is.
      auto it = live_.find(want_wg_);
      const bool gone = it == live_.end() || linearOf(*it->second.ctx) != want_wg_ ||
                        it->second.w->sgs[want_sg_].state == SgState::Halted;
      if (gone) {
        stop_now = true;
        why = "the focused invocation returned; now here";
        wg_ = wg;
        sg_ = sg;
        lane_ = static_cast<uint32_t>(std::max(0, (s.mask & s.exists).first()));
      }
    }
    if (stop_now) {
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
  const Command c = fe_->stopped(*this, stop);
  apply(c);
  cur_w_ = nullptr;
  cur_ctx_ = nullptr;
}

void Session::apply(Command c) {
  const uint32_t pc = cur_w_ ? cur_w_->sgs[sg_].pc : 0;
  want_wg_ = wg_;
  want_sg_ = sg_;
  want_lane_ = lane_;
  want_line_ = lineOf(pc);
  want_site_ = siteOf(pc);
  want_depth_ = prepared_ && prepared_->debug ? prepared_->debug->depth(want_site_) : 0;
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
      limit_ = step_;
      found_ = 0;
      found_breakpoint_ = 0;
      want_line_ = 0;  // in the search, the focus lane's statement entries are counted from the start
      want_site_ = 0;
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
    live_.clear();
    last_line_.clear();
    events_.clear();
    events_seen_ = 0;
    prepared_ = nullptr;
    cur_w_ = nullptr;
    cur_ctx_ = nullptr;
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
    if (mode_ == Mode::Search) {
      // The search ran up to the current stop (or to the end): seek the step it found.
      mode_ = Mode::Seek;
      seek_kind_ = search_ == Want::Breakpoint && found_ ? StopKind::Breakpoint : StopKind::Step;
      seek_breakpoint_ = found_breakpoint_;
      if (!found_ && fe_)
        fe_->message(search_ == Want::Breakpoint ? "No earlier breakpoint hit: back at the start of the run"
                                                 : "No earlier statement of this invocation: back at the start of the run");
      limit_ = found_ ? found_ : 1;
      want_line_ = 0;
      want_site_ = 0;
      continue;
    }
    if (aborted) continue;  // Restart
    mode_ = Mode::Live;
    const Command c = fe.exited(*this, result);
    if (c == Command::ReverseStep || c == Command::ReverseNext || c == Command::ReverseContinue) {
      search_ = c == Command::ReverseContinue ? Want::Breakpoint : c == Command::ReverseNext ? Want::Next : Want::Step;
      mode_ = Mode::Search;
      limit_ = step_ + 1;
      found_ = 0;
      want_wg_ = wg_;
      want_sg_ = sg_;
      want_lane_ = lane_;
      want_line_ = 0;
      want_site_ = 0;
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

Frame Session::frame(uint32_t depth) const {
  Frame f = frameFor(sg_, lane_, cur_w_ ? cur_w_->sgs[sg_].pc : 0);
  if (f.k) {
    const std::vector<uint32_t> chain = siteChain(*f.k, f.pc);
    if (!chain.empty()) f.site = chain[std::min<size_t>(depth, chain.size() - 1)];
  }
  return f;
}

std::vector<FrameInfo> Session::backtrace() const {
  std::vector<FrameInfo> out;
  if (!cur_w_ || !cur_ctx_) return out;
  const wgsl::ir::Kernel& k = *cur_ctx_->k;
  const uint32_t pc = cur_w_->sgs[sg_].pc;
  const std::vector<uint32_t> chain = siteChain(k, pc);
  uint32_t loc = pc < k.code.size() ? k.code[pc].loc : 0;
  for (size_t i = 0; i < chain.size(); ++i) {
    const wgsl::ir::InlineSite& site = k.debug->sites[chain[i]];
    FrameInfo fi;
    fi.function = site.function;
    fi.site = chain[i];
    if (k.file) {
      const wgsl::SourcePos p = k.file->position(loc);
      fi.file = k.file->name();
      fi.line = p.line;
      fi.column = p.column;
    }
    out.push_back(fi);
    loc = site.call_loc;  // the caller is at the call
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
  if (!cur_w_ || !cur_ctx_) return "";
  const wgsl::ir::Kernel& k = *cur_ctx_->k;
  const uint32_t pc = cur_w_->sgs[sg_].pc;
  if (!k.file || pc >= k.code.size()) return "";
  const wgsl::SourcePos p = k.file->position(k.code[pc].loc);
  return fmt::format("{}:{}:{}", k.file->name(), p.line, p.column);
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
  sg_ = idx / S;
  lane_ = idx % S;
  return "";
}

std::string Session::focusSubgroup(uint32_t n) {
  if (!cur_w_) return "not stopped";
  if (n >= cur_w_->sgs.size()) return fmt::format("the workgroup has {} subgroups (0..{})", cur_w_->sgs.size(), cur_w_->sgs.size() - 1);
  sg_ = n;
  const Subgroup& s = cur_w_->sgs[n];
  lane_ = static_cast<uint32_t>(std::max(0, (s.mask & s.exists).first()));
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
    out += fmt::format("  lane {:>3} (local {:>4}){} {}\n", l, idx, s.mask.test(l) ? ": " : " (inactive):", format(f, *v, hex));
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
