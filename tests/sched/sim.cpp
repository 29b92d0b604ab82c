// The abstract simulator and its kernels (see sim.h).
#include "tests/sched/sim.h"

#include "runtime/sched/hang_report.h"

namespace wgsl::sched::sim {

uint32_t Machine::load(uint32_t cell, StepInfo& s, uint32_t pc) {
  s.end = StepEnd::Atomic;
  s.pc = pc;
  s.read_root = cell;
  s.read_offset = 0;
  return mem[cell];
}

void Machine::store(uint32_t cell, uint32_t value, StepInfo& s, uint32_t pc) {
  s.end = StepEnd::Atomic;
  s.pc = pc;
  s.atomic_write = true;
  s.memory_changed = s.memory_changed || mem[cell] != value;
  mem[cell] = value;
}

uint32_t Machine::add(uint32_t cell, uint32_t delta, StepInfo& s, uint32_t pc) {
  const uint32_t old = load(cell, s, pc);
  store(cell, old + delta, s, pc);
  return old;
}

bool Machine::cas(uint32_t cell, uint32_t expected, uint32_t desired, StepInfo& s, uint32_t pc) {
  const uint32_t old = load(cell, s, pc);
  s.atomic_write = true;  // a failed compare-exchange still counts as a write attempt
  if (old != expected) return false;
  store(cell, desired, s, pc);
  return true;
}

StepInfo backEdge(uint32_t pc) {
  StepInfo s;
  s.end = StepEnd::BackEdge;
  s.pc = pc;
  return s;
}

StepInfo returned(uint32_t pc) {
  StepInfo s;
  s.end = StepEnd::Returned;
  s.pc = pc;
  return s;
}

namespace {

uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  return h;
}

}  // namespace

Outcome run(const Kernel& kernel, uint32_t workgroups, const SchedulerConfig& config,
            const RunOptions& options) {
  Outcome out;
  Machine m;
  m.mem = kernel.init;
  std::vector<Local> locals(workgroups);
  std::vector<bool> done(workgroups, false);
  for (WorkgroupId wg = 0; wg < workgroups; ++wg)
    if (kernel.entry) kernel.entry(wg, locals[wg]);

  std::string error;
  std::unique_ptr<Scheduler> scheduler = makeScheduler(config, error);
  if (!scheduler) {
    out.status = RunStatus::MaxSteps;
    out.summary = "bad configuration: " + error;
    return out;
  }
  WatchdogConfig wc;
  wc.hang_window = options.hang_window;
  wc.max_steps = options.max_steps;
  wc.spin_threshold = config.spin_threshold;
  Watchdog watchdog(wc);
  scheduler->begin(workgroups);
  watchdog.begin(workgroups);

  StepFn step = [&](WorkgroupId wg) {
    StepInfo info = kernel.step(wg, locals[wg], m);
    if (info.end == StepEnd::Returned) done[wg] = true;
    return info;
  };
  StateHashFn hash = [&]() -> std::optional<uint64_t> {
    uint64_t h = 0x12345;
    for (uint32_t v : m.mem) h = mix(h, v);
    for (WorkgroupId wg = 0; wg < workgroups; ++wg) {
      h = mix(h, done[wg] ? 0xFFFFFFFFu : locals[wg].pc);
      for (uint32_t r : locals[wg].r) h = mix(h, r);
    }
    return h;
  };
  DriveOptions drive_options;
  drive_options.record = options.record;
  if (!options.exact) drive_options.max_states = 0;
  RunResult result = drive(*scheduler, watchdog, step, options.exact ? hash : StateHashFn{}, drive_options);

  out.status = result.status;
  out.cause = result.cause;
  out.steps = result.steps;
  out.trace = std::move(result.trace);
  out.mem = m.mem;
  for (WorkgroupId wg = 0; wg < workgroups; ++wg) out.stats.push_back(watchdog.stats(wg));
  if (result.status == RunStatus::Hang) {
    Namer namer;
    namer.location = [&](uint32_t pc) {
      return kernel.name + ":" + (pc < kernel.locations.size() ? kernel.locations[pc] : "?");
    };
    namer.memory = [&](uint32_t root, uint64_t) {
      return root < kernel.cells.size() ? kernel.cells[root] : std::string("?");
    };
    HangReport report = buildHangReport(*scheduler, watchdog, namer, result.cause);
    out.summary = report.summary;
    out.report = report.text();
  }
  return out;
}

// ---- kernels ----

Kernel independentWork(uint32_t n, uint32_t iterations) {
  Kernel k;
  k.name = "independent";
  for (uint32_t i = 0; i < n; ++i) k.cells.push_back("out[" + std::to_string(i) + "]");
  k.init.assign(n, 0);
  k.locations = {"bump", "loop", "return"};
  k.step = [iterations](WorkgroupId wg, Local& l, Machine& m) {
    StepInfo s;
    switch (l.pc) {
      case 0:
        m.store(wg, m.mem[wg] + 1, s, 0);
        l.pc = ++l.r[0] < iterations ? 1 : 2;
        return s;
      case 1:
        l.pc = 0;
        return backEdge(1);
      default:
        return returned(2);
    }
  };
  return k;
}

Kernel messagePassing(WorkgroupId producer, WorkgroupId consumer) {
  enum Cell : uint32_t { Data, Flag, Out };
  enum Pc : uint32_t { WriteData, SetFlag, Poll, Loop, ReadData, WriteOut, Return };
  Kernel k;
  k.name = "mp";
  k.cells = {"data", "flag", "out"};
  k.init = {0, 0, 0};
  k.locations = {"write data", "set flag", "poll flag", "poll loop", "read data", "write out", "return"};
  k.entry = [consumer](WorkgroupId wg, Local& l) { l.pc = wg == consumer ? Poll : WriteData; };
  (void)producer;
  k.step = [](WorkgroupId, Local& l, Machine& m) {
    StepInfo s;
    switch (l.pc) {
      case WriteData: m.store(Data, 42, s, WriteData); l.pc = SetFlag; return s;
      case SetFlag: m.store(Flag, 1, s, SetFlag); l.pc = Return; return s;
      case Poll: l.pc = m.load(Flag, s, Poll) ? ReadData : Loop; return s;
      case Loop: l.pc = Poll; return backEdge(Loop);
      case ReadData: l.r[0] = m.load(Data, s, ReadData); l.pc = WriteOut; return s;
      case WriteOut: m.store(Out, l.r[0], s, WriteOut); l.pc = Return; return s;
      default: return returned(Return);
    }
  };
  return k;
}

uint32_t scanExpected(uint32_t tile) {
  return static_cast<uint32_t>((uint64_t{tile} + 1) * (uint64_t{tile} + 2) / 2) & kValueMask;
}

Kernel chainedScan(uint32_t n, bool dynamic, bool fallback) {
  // Cell 0 is the ticket counter, cell 1 + i the state word of tile i: flag | value.
  enum Pc : uint32_t { Ticket, PublishAggregate, Poll, Loop, Fallback, PublishInclusive, Return };
  Kernel k;
  k.name = fallback ? "fallback" : "lookback";
  k.cells.push_back("tile_counter");
  for (uint32_t i = 0; i < n; ++i) k.cells.push_back("state[" + std::to_string(i) + "]");
  k.init.assign(n + 1, 0);
  k.locations = {"take tile", "publish aggregate", "poll predecessor", "lookback loop",
                 "fallback reduce", "publish inclusive", "return"};
  k.entry = [dynamic](WorkgroupId wg, Local& l) {
    l.pc = dynamic ? Ticket : PublishAggregate;
    l.r[0] = wg;  // tile (static)
  };
  // Registers: r0 tile, r1 predecessor being looked at, r2 exclusive prefix so far, r3 polls.
  k.step = [fallback](WorkgroupId, Local& l, Machine& m) {
    StepInfo s;
    const uint32_t tile = l.r[0];
    const uint32_t aggregate = tile + 1;
    switch (l.pc) {
      case Ticket:
        l.r[0] = m.add(0, 1, s, Ticket);
        l.pc = PublishAggregate;
        return s;
      case PublishAggregate:
        if (tile == 0) {
          m.store(1, kInclusiveFlag | aggregate, s, PublishAggregate);
          l.pc = Return;
        } else {
          m.store(1 + tile, kAggregateFlag | aggregate, s, PublishAggregate);
          l.r[1] = tile - 1;
          l.r[2] = 0;
          l.r[3] = 0;
          l.pc = Poll;
        }
        return s;
      case Poll: {
        const uint32_t word = m.load(1 + l.r[1], s, Poll);
        if (word & kInclusiveFlag) {
          l.r[2] += word & kValueMask;
          l.pc = PublishInclusive;
        } else if (word & kAggregateFlag) {
          l.r[2] += word & kValueMask;
          l.r[1] -= 1;  // never below 0: tile 0 publishes an inclusive value directly
          l.r[3] = 0;
          l.pc = Loop;
        } else {
          l.r[3] += 1;
          l.pc = fallback && l.r[3] >= 2 ? Fallback : Loop;
        }
        return s;
      }
      case Loop:
        l.pc = Poll;
        return backEdge(Loop);
      case Fallback:
        // Reduce the predecessor's tile from the input ourselves (no shared writes).
        l.r[2] += l.r[1] + 1;
        l.r[3] = 0;
        if (l.r[1] == 0) {
          l.pc = PublishInclusive;
        } else {
          l.r[1] -= 1;
          l.pc = Poll;
        }
        return backEdge(Fallback);
      case PublishInclusive:
        m.store(1 + tile, kInclusiveFlag | ((l.r[2] + aggregate) & kValueMask), s, PublishInclusive);
        l.pc = Return;
        return s;
      default:
        return returned(Return);
    }
  };
  return k;
}

Kernel spinLockCounter(uint32_t n) {
  enum Cell : uint32_t { Lock, Counter };
  enum Pc : uint32_t { Acquire, Retry, Read, Write, Release, Return };
  (void)n;
  Kernel k;
  k.name = "mutex";
  k.cells = {"lock", "counter"};
  k.init = {0, 0};
  k.locations = {"acquire", "acquire loop", "read counter", "write counter", "release", "return"};
  k.step = [](WorkgroupId, Local& l, Machine& m) {
    StepInfo s;
    switch (l.pc) {
      case Acquire: l.pc = m.cas(Lock, 0, 1, s, Acquire) ? Read : Retry; return s;
      case Retry: l.pc = Acquire; return backEdge(Retry);
      case Read: l.r[0] = m.load(Counter, s, Read); l.pc = Write; return s;
      case Write: m.store(Counter, l.r[0] + 1, s, Write); l.pc = Release; return s;
      case Release: m.store(Lock, 0, s, Release); l.pc = Return; return s;
      default: return returned(Return);
    }
  };
  return k;
}

Kernel weakFairnessCounterexample() {
  enum Cell : uint32_t { X, Done };
  enum Pc : uint32_t { PollX, PollLoop, SetDone, Return, SetOne, SetZero, PollDone, FlipLoop };
  Kernel k;
  k.name = "weak";
  k.cells = {"x", "done"};
  k.init = {0, 0};
  k.locations = {"poll x", "poll loop", "set done", "return", "x = 1", "x = 0", "poll done", "flip loop"};
  k.entry = [](WorkgroupId wg, Local& l) { l.pc = wg == 0 ? PollX : SetOne; };
  k.step = [](WorkgroupId, Local& l, Machine& m) {
    StepInfo s;
    switch (l.pc) {
      case PollX: l.pc = m.load(X, s, PollX) == 1 ? SetDone : PollLoop; return s;
      case PollLoop: l.pc = PollX; return backEdge(PollLoop);
      case SetDone: m.store(Done, 1, s, SetDone); l.pc = Return; return s;
      case SetOne: m.store(X, 1, s, SetOne); l.pc = SetZero; return s;
      case SetZero: m.store(X, 0, s, SetZero); l.pc = PollDone; return s;
      case PollDone: l.pc = m.load(Done, s, PollDone) == 1 ? Return : FlipLoop; return s;
      case FlipLoop: l.pc = SetOne; return backEdge(FlipLoop);
      default: return returned(Return);
    }
  };
  return k;
}

Kernel interWorkgroupBarrier(uint32_t n) {
  enum Pc : uint32_t { Arrive, Wait, Loop, Return };
  Kernel k;
  k.name = "barrier";
  k.cells = {"count"};
  k.init = {0};
  k.locations = {"arrive", "wait for all", "wait loop", "return"};
  k.step = [n](WorkgroupId, Local& l, Machine& m) {
    StepInfo s;
    switch (l.pc) {
      case Arrive: m.add(0, 1, s, Arrive); l.pc = Wait; return s;
      case Wait: l.pc = m.load(0, s, Wait) == n ? Return : Loop; return s;
      case Loop: l.pc = Wait; return backEdge(Loop);
      default: return returned(Return);
    }
  };
  return k;
}

}  // namespace wgsl::sched::sim
