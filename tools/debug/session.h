// The debug session: one home for what `wgslemu debug` (the prompt) and `wgslemu dap` (Debug
// Adapter Protocol) do. It runs a run spec exactly as `wgslemu run` does (the same runner, options
// and messages), with itself as the engine's DebugHook, so it sees every instruction of every
// subgroup on the step-wise loop (`fair` runs step-wise too, with its seeded schedule).
//
// Control is inverted: when the session decides to stop (entry, breakpoint, end of a step, a
// dynamic error), it calls its Frontend from inside the running dispatch; the frontend inspects
// the state through the session and returns the command that resumes. Execution is
// deterministic, so going backwards is re-execution: the session re-runs the spec from the start
// (once to find the step to go back to, once to stop there) and the frontend sees a stop exactly
// like a forward one.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "interp/exec/stepper.h"
#include "tools/debug/debug_values.h"
#include "runtime/engine_checks.h"
#include "tools/runspec/runner.h"

namespace wgslemu::debug {

class CompiledExpression;  // expression.h

enum class StopKind { Entry, Breakpoint, Step, Event, Exited, Pause };
const char* toString(StopKind k);  // "entry", "breakpoint", "step", "exception", "exited", "pause"

struct StopInfo {
  StopKind kind = StopKind::Step;
  uint64_t step = 0;            // instructions run by all subgroups since the start of the run
  int breakpoint = 0;           // Breakpoint: its id
  std::string message;          // Event: the text `wgslemu run` prints; otherwise extra words
  std::vector<uint32_t> lanes;  // Breakpoint: the lanes that reached it (and whose condition held)
  bool hang = false;            // Event: the scheduler found a hang (message: its report)
  bool watch = false;           // Breakpoint: a watchpoint (message: what changed, who wrote it)
  std::string event_kind;       // Event: as reports name it ("oob", "race", "injected", "nonfinite", ...)
  // Event: an error, not an informational event (an injected fault, a non-finite value)
  bool isError() const { return event_kind != "injected" && event_kind != "nonfinite"; }
};

// What resumes execution after a stop.
// Play: run the workgroups Session::playWorkgroup prepared (the user plays the scheduler). Peek:
// look ahead at the schedule and come back to this stop (Session::scheduleText).
enum class Command {
  Continue, Step, Next, Finish, StepI, ReverseStep, ReverseNext, ReverseContinue, Restart, Kill, Play, Peek
};

struct Breakpoint {
  int id = 0;
  std::string file;            // as given (matched by its last path component)
  uint32_t line = 0;           // as given
  uint32_t resolved = 0;       // the line with code it was moved to (0: not resolved yet / no code)
  std::string condition;       // "" : always
  std::string builtin;         // non-empty: break where this built-in runs (workgroupBarrier, atomicAdd, ...)
  uint64_t hits = 0;
};

class Session;

// A barrier or atomic built-in that `break NAME` accepts (workgroupBarrier, atomicAdd, ...).
bool isBreakableBuiltin(const std::string& name);
// The error for a name that is not one.
std::string notABuiltinMessage(const std::string& name);

class Frontend {
 public:
  virtual ~Frontend() = default;
  // The program stopped: inspect, then return how to go on.
  virtual Command stopped(Session& s, const StopInfo& stop) = 0;
  // The run ended (result as `wgslemu run` has it): Kill ends the session; reverse commands and
  // Restart run again.
  virtual Command exited(Session& s, const runspec::RunResult& result) = 0;
  // A remark (a breakpoint moved to the next line with code, ...).
  virtual void message(const std::string& text) = 0;
  // Asked every 4096 instructions while the program runs: true to stop it now (DAP `pause`).
  virtual bool pauseRequested() { return false; }
};

struct FrameInfo {
  std::string function;
  std::string file;
  uint32_t line = 0, column = 0;
  uint32_t site = 0;
};

class Session : public wgsl::exec::DebugHook {
 public:
  Session(runspec::RunSpec spec, runspec::RunOptions options);
  // Runs until the frontend returns Kill (at a stop or after the end).
  void run(Frontend& fe, bool stop_at_entry);
  const runspec::RunSpec& spec() const { return spec_; }

  // ---- breakpoints (may be set before run and at any stop)
  int addBreakpoint(const std::string& file, uint32_t line, const std::string& condition);
  // `break workgroupBarrier`, `break atomicAdd`, ...: 0 and `error` for a name that is not a
  // barrier or atomic built-in.
  int addBuiltinBreakpoint(const std::string& name, const std::string& condition, std::string& error);
  bool deleteBreakpoint(int id);
  void clearBreakpoints();  // not the watchpoints
  void clearWatches() { watches_.clear(); }
  const std::vector<Breakpoint>& breakpoints() const { return breakpoints_; }
  // `watch EXPR` (at a stop): a place in memory, of any type (a scalar, vector, struct, array or
  // element) in a storage buffer, the focused workgroup's workgroup memory or the focused
  // invocation's private or function memory; the session stops after any store or atomic
  // changes its bytes, naming the invocation that wrote. Returns the id, or 0 and `error`.
  int addWatch(const std::string& expr, std::string& error);
  bool deleteWatch(int id);
  // Checks a condition's syntax and names against the focused invocation (at a stop): "" if fine.
  std::string checkExpression(const std::string& expr) const;

  // ---- the state at a stop
  bool atStop() const { return cur_w_ != nullptr; }
  uint64_t step() const { return progress_.step; }
  // The focused invocation, in backtrace frame `depth` (0: innermost).
  Frame frame(uint32_t depth = 0) const;
  std::vector<FrameInfo> backtrace() const;
  std::string focusText() const;  // "invocation (3, 0, 0) (workgroup (0, 0, 0), subgroup 0, lane 3)"
  std::string whereText() const;  // "k.wgsl:7:5" of the focused subgroup's pc
  std::string sourceLine(uint32_t line) const;
  // Focus: by local invocation index or global id in the current workgroup, by subgroup, by
  // workgroup (started and alive). "" or why not.
  std::string focusInvocation(uint32_t x, uint32_t y, uint32_t z);
  std::string focusSubgroup(uint32_t n);
  std::string focusLane(uint32_t lane);  // a lane of the focused subgroup
  // Lane `lane` of the focused subgroup: "invocation (5, 0, 0) (local index 5, subgroup 1, lane 1)".
  std::string invocationText(uint32_t lane) const;
  std::string focusWorkgroup(uint32_t x, uint32_t y, uint32_t z);
  std::string infoInvocations() const;
  std::string infoEvents() const;
  // `print EXPR @ all`: one row per lane of the focused subgroup, inactive lanes marked.
  std::string printAll(const std::string& expr, bool hex, std::string& error) const;
  // `x NAME[from..to]` as f32/u32/i32 elements of 4 bytes.
  std::string examine(const std::string& name, uint64_t from, uint64_t to, const std::string& as,
                      std::string& error) const;
  uint32_t focusLane() const { return lane_; }
  uint32_t focusSubgroupIndex() const { return sg_; }
  std::vector<uint32_t> activeLanes() const;
  const wgsl::ir::Kernel* kernel() const { return cur_ctx_ ? cur_ctx_->k : nullptr; }
  uint32_t subgroupSize() const { return cur_ctx_ ? cur_ctx_->S : 0; }
  struct Watch {
    int id = 0;
    std::string expr;
    uint32_t root = 0;          // Kernel::roots index of the variable
    // Whose memory: a buffer (the dispatch's), a workgroup's, or one invocation's (private and
    // function memory).
    enum class Scope : uint8_t { Buffer, Workgroup, Invocation } scope = Scope::Buffer;
    uint64_t wg = 0;            // Workgroup, Invocation: the workgroup (linear index)
    uint32_t sg = 0, lane = 0;  // Invocation
    uint64_t offset = 0, size = 0;  // the bytes watched within the variable
    std::string type_name;
    std::vector<uint8_t> last;  // bytes at the last check
    bool known = false;         // `last` holds this run's bytes
    const uint8_t* base = nullptr;  // Buffer: this dispatch's binding (another: take the bytes again)
    bool rebase = false;  // resumed from a snapshot: the binding is the one `last` was taken from
  };
  const std::vector<Watch>& watches() const { return watches_; }
  // ---- expressions
  // What the WGSL front end says about `expr` among the focused invocation's variables (frame
  // `depth`): "column N: the resolver's message", or "" when it accepts it.
  std::string frontEndDiagnostic(const std::string& expr, uint32_t depth = 0) const;
  // `print EXPR`: the value for the focused invocation in frame `depth` (expressionText); "" and
  // `error` when it cannot be evaluated.
  std::string valueText(const std::string& expr, bool hex, uint32_t depth, std::string& error) const;

  // ---- float modes
  bool floatModeActive() const;  // --float is not ieee
  // Under a float mode: the value of `expr` for the focused invocation at the same statement of a
  // run under --float=ieee (one run up to there), as `print` shows it; "" and `note` when it
  // cannot be compared here.
  std::string ieeeValue(const std::string& expr, bool hex, uint32_t depth, std::string& note) const;

  // ---- the schedule (under the debugger every scheduler runs step-wise)
  // `run-workgroup N [COUNT | forever]` (at a stop, or before the run): the user plays the
  // scheduler. The schedule so far (the entries of this dispatch: one per atomic operation) and
  // then COUNT entries of workgroup N (each runs it until after its next atomic operation, or to
  // its return), or N alone forever, become an explicit schedule (--schedule's meaning and file
  // format); the frontend then resumes with Command::Play: the run is replayed silently up to
  // the new entries, which run live, and stops at their end. "" or why not.
  std::string playWorkgroup(uint64_t wg, uint32_t count, bool forever);
  // The same from the command's argument ("N", "X,Y,Z", then a COUNT or "forever").
  std::string playWorkgroupCommand(const std::string& arg);
  // The scheduler's id of workgroup (x, y, z) of the running dispatch (nullopt: none such).
  std::optional<uint64_t> linearWorkgroup(uint32_t x, uint32_t y, uint32_t z) const;
  // `schedule`: the scheduler, the entries so far, what runs now; with `ahead`, the scheduling
  // steps found by looking ahead (after Command::Peek, the stop's message has it).
  std::string scheduleText() const;
  // Whether Command::Peek can look ahead from this stop (a stop before an instruction), or why not.
  std::string cannotPeek() const;
  // `save-schedule FILE`: this dispatch's schedule so far, as --schedule=FILE replays it (a
  // hang's spinner, or the workgroup played forever, as the cycle). "" or why not.
  std::string saveSchedule(const std::string& path) const;
  // The schedule so far in --schedule's file format.
  std::string scheduleFileText() const;
  // The run's schedule is played by hand (run-workgroup).
  bool playedByHand() const { return manual_; }
  // Reverse execution statistics: re-executions done and instructions they ran.
  uint64_t reExecutions() const { return re_executions_; }
  uint64_t reExecutedSteps() const { return re_executed_steps_; }
  uint64_t traceHits() const { return trace_hits_; }  // reverse steps whose target the trace gave
  // Snapshots: reverse execution resumes from the last snapshot before its target instead of
  // the start. One is taken at each pass's start and at the first scheduling-step boundary
  // every `every` instructions (0: none; further apart for large snapshots); at most kMaxSnapshots are kept, in at most
  // kSnapshotBudget bytes: beyond either, every other one is dropped and the interval doubles.
  void setSnapshotEvery(uint64_t every);
  uint64_t snapshotEvery() const { return snapshot_every_; }
  static constexpr uint64_t kDefaultSnapshotEvery = 4096;
  static constexpr size_t kMaxSnapshots = 64;
  static constexpr uint64_t kSnapshotBudget = uint64_t{256} << 20;
  // Snapshots of B bytes come at least B / kBytesPerInstruction instructions apart.
  static constexpr uint64_t kBytesPerInstruction = 32;
  size_t snapshotCount() const { return snapshots_.size(); }
  uint64_t snapshotBytes() const;
  uint64_t snapshotsTaken() const { return snapshots_taken_; }
  uint64_t snapshotResumes() const { return snapshot_resumes_; }  // re-executions that began at a snapshot

  // ---- DebugHook
  void beforeInstruction(wgsl::exec::WorkgroupState& w, uint32_t sg, wgsl::exec::ExecContext& ctx) override;
  void dispatchBegins(const wgsl::exec::DispatchParams& p) override;
  bool explicitSchedule(std::vector<uint32_t>& prefix, std::vector<uint32_t>& cycle) override;
  void stepBoundary(const TakeSnapshot& take) override;
  std::shared_ptr<const wgsl::exec::DispatchSnapshot> resumeFrom() override;
  void workgroupResumed(wgsl::exec::WorkgroupState& w, wgsl::exec::ExecContext& ctx) override;
  void dispatchEnds() override;
  void hangFound(const std::string& report) override;
  void workgroupFailed(wgsl::exec::WorkgroupState& w, wgsl::exec::ExecContext& ctx) override;
  void workgroupEnds(wgsl::exec::WorkgroupState& w, wgsl::exec::ExecContext& ctx) override;
  void stepEnded(uint64_t wg, const wgsl::exec::StepResult& r) override;
  ~Session() override;

 private:
  struct Abort {};
  // Play: replaying the entries played before, silently, up to the new ones. Peek: running on
  // silently to see the next scheduling steps, then Seek back.
  enum class Mode { Live, Search, Seek, Play, Peek };
  // Entry: the end of the played entries.
  enum class Want { None, Step, Next, Finish, StepI, Breakpoint, Entry };
  struct Live {
    wgsl::exec::WorkgroupState* w = nullptr;
    wgsl::exec::ExecContext* ctx = nullptr;
  };

  void prepareKernel(const wgsl::ir::Kernel& k);
  uint32_t lineOf(uint32_t pc) const;
  uint32_t lineOfLoc(uint32_t loc) const;
  uint32_t siteOf(uint32_t pc) const;
  uint32_t depthOf(uint32_t site) const;
  std::pair<uint32_t, uint32_t> entries(uint32_t pc) const;  // statement starts at pc: [first, end) of debug->stmts
  const wgsl::ir::StmtStart* focusEntry() const;               // the focused statement (null: between statements)
  bool isStatement(uint32_t pc) const;
  uint64_t linearOf(const wgsl::exec::ExecContext& ctx) const;
  Frame frameFor(uint32_t sg, uint32_t lane, uint32_t pc) const;
  // Breakpoint `b` at this instruction: the lanes that hit it (empty: none).
  std::vector<uint32_t> breakpointLanes(const Breakpoint& b, uint32_t sg, uint32_t pc, std::string& error) const;
  // A dynamic error recorded since the last poll: its text (as `wgslemu run` prints it) and who
  // made it where.
  struct PendingEvent {
    std::string message;
    std::string kind;
    uint64_t wg = 0;        // linear workgroup index
    uint32_t pc = 0;
    uint32_t local_index = 0;
    int32_t subgroup = -1;  // >= 0: an event of a whole subgroup (a non-uniform collective)
  };
  // The events recorded since the last poll by the engine (the dispatch's event sink) and by
  // the checks of workgroup `wg` (its context `ctx`, null: none): appended to progress_.events; returns
  // the first.
  std::optional<PendingEvent> pollEvents(const wgsl::exec::ExecContext& sink_ctx, uint64_t wg,
                                         const wgsl::exec::ExecContext* ctx);
  // Stops at an event (Live mode): the focus on its invocation, at the offending instruction.
  void stopAtEvent(const PendingEvent& e);
  void stopHere(StopInfo stop);  // calls the frontend and applies its command
  void apply(Command c);
  std::vector<uint32_t> focusChain() const;
  void resetPosition();  // after a focus switch to another subgroup  // inline sites of the focused position, innermost first

  // The run's progress: everything a snapshot saves with the dispatch's state and a re-execution
  // resumed from it restores, in one struct so that a snapshot copies it whole (a field added
  // here is saved and restored; a progress field kept elsewhere would make reverse execution
  // inexact). The watches' bytes are saved beside it (SavedWatch): a watch's definition is not
  // progress.
  struct Progress {
    uint64_t step = 0;                 // instructions run by all subgroups since the start of the run
    uint32_t dispatch_index = 0;       // dispatches begun in this run (1: the first)
    std::vector<std::string> events;   // messages of the dynamic errors so far (this run)
    uint64_t events_seen = 0;          // events of the dispatch's sink polled so far
    // Per started workgroup of the running dispatch: how far its checks' records were read.
    std::unordered_map<uint64_t, wgsl::runtime::RecordCursor> cursors;
    std::set<uint32_t> nonfinite_seen;  // instructions whose first non-finite value was reported
    // The schedule of the running dispatch: the entries so far (the workgroup of each step that
    // ended at an atomic operation, and while playing, of each played entry that ended in a
    // return), and the workgroups that returned.
    std::vector<uint32_t> played;
    std::set<uint64_t> returned;
    // The instruction that ran last (the writer when a watched location changed).
    bool have_last = false;
    uint64_t last_wg = 0;
    uint32_t last_sg = 0, last_pc = 0;
    // The workgroup and subgroup of the instruction about to run.
    uint64_t wg_here = 0;
    uint32_t sg_here = 0;
  };

  runspec::RunSpec spec_;
  runspec::RunOptions options_;
  Frontend* fe_ = nullptr;
  std::vector<Breakpoint> breakpoints_;
  int next_breakpoint_ = 1;
  bool quit_ = false;

  // Per run.
  Progress progress_;
  const wgsl::exec::DispatchParams* params_ = nullptr;
  // The kernel the per-pc tables below describe, while its run lasts (the runner owns it), and
  // its debug information, kept after the run (reverse steps from the end search the trace).
  const wgsl::ir::Kernel* prepared_ = nullptr;
  std::shared_ptr<const wgsl::ir::DebugInfo> prepared_debug_;
  std::vector<uint32_t> line_of_;        // per pc of the prepared kernel
  std::vector<bool> has_code_;           // per line: some statement starts on it
  std::vector<uint32_t> stmt_begin_;     // per pc (+1): first statement start at or after it
  std::unordered_map<uint64_t, Live> live_;

  // At a stop: what is current and focused.
  wgsl::exec::WorkgroupState* cur_w_ = nullptr;
  wgsl::exec::ExecContext* cur_ctx_ = nullptr;
  uint64_t wg_ = 0;
  uint32_t sg_ = 0, lane_ = 0;
  int pos_ = -1;
  int64_t event_pc_ = -1;  // at a dynamic error: the instruction that made it  // which statement starting at the focused subgroup's pc the focus is at (-1: none)

  // What the frontend asked for.
  Mode mode_ = Mode::Live;
  Want want_ = Want::None;
  uint64_t want_wg_ = 0;
  uint32_t want_sg_ = 0, want_lane_ = 0, want_depth_ = 0;
  // Reverse: search for the last step before `limit_` matching `search_` (for the focus
  // want_*), then seek to it.
  Want search_ = Want::None;
  uint64_t limit_ = 0;
  uint32_t limit_pos_ = 0;
  uint64_t found_ = 0;
  uint32_t found_pos_ = 0;
  int found_breakpoint_ = 0;
  StopKind seek_kind_ = StopKind::Step;
  int seek_breakpoint_ = 0;
  bool stop_at_entry_ = false;
  uint64_t re_executions_ = 0, re_executed_steps_ = 0;
  std::vector<Watch> watches_;
  // Breakpoint conditions compiled by the engine, per condition, kernel, pc and frame (null: it
  // does not type-check there); cleared when a dispatch begins.
  bool skip_entry_ = false;  // this run plays the user's schedule: no entry stop
  mutable std::map<std::tuple<std::string, const wgsl::ir::Kernel*, uint32_t, uint32_t>, std::shared_ptr<CompiledExpression>>
      conditions_;
  bool checkWatches(uint64_t wg, const wgsl::exec::ExecContext& ctx);  // true: stopped
  // The watched bytes now (null: not in memory now: the workgroup has not started or has ended).
  const uint8_t* watchedBytes(const Watch& w, const wgsl::exec::ExecContext& ctx) const;
  std::string watchValueText(const Watch& w, const uint8_t* bytes) const;
  bool found_watch_ = false;  // Search: the last position found is a watchpoint hit
  // The trace of the run: the steps where a subgroup is at a statement start (its workgroup,
  // subgroup, dispatch, pc and active lanes). reverse-step and reverse-next find their target in
  // it and re-execute once (to the target) instead of twice (a search run, then the seek).
  struct TraceRec {
    uint64_t step = 0;
    uint64_t wg = 0;
    uint16_t sg = 0, dispatch = 0;
    uint32_t pc = 0;
    wgsl::exec::LaneMask mask;
  };
  static constexpr size_t kMaxTrace = size_t{1} << 20;  // 48 MiB
  std::vector<TraceRec> trace_;
  uint64_t trace_covered_ = 0;  // every step up to this one is in the trace
  bool trace_full_ = false;
  uint64_t trace_hits_ = 0;     // reverse steps found in the trace
  void clearTrace();
  bool searchTrace();  // the reverse step's target (found_, found_pos_) from the trace
  void seekFound();    // Seek to (found_, found_pos_)
  bool seek_watch_ = false;   // Seek: the target is a watchpoint hit (stop as it stops live)

  // The schedule (its entries so far: progress_.played).
  bool stop_before_ = false;      // the current stop is before an instruction (not at a failure, a hang)
  std::string hang_report_;       // the current stop is at a hang: its report
  // Playing: dispatch `manual_dispatch_` runs under the explicit schedule of the played entries
  // (explicitSchedule); the other dispatches under the options' scheduler.
  bool manual_ = false, play_pending_ = false, play_forever_ = false;
  uint32_t manual_dispatch_ = 1;
  std::vector<uint32_t> manual_prefix_, manual_cycle_;
  size_t play_live_at_ = 0, play_target_ = 0;  // entries replayed silently; entries at the end
  bool play_stop_pending_ = false;             // the played entries ended: stop before what runs next
  uint32_t play_end_wg_ = 0, play_end_sg_ = 0, play_end_pc_ = 0;
  wgsl::exec::StepResult::End play_end_ = wgsl::exec::StepResult::End::Atomic;
  void beginPlay();
  // Looking ahead (`schedule`): the steps seen, why it ended, and the stop to come back to.
  struct AheadStep {
    uint64_t wg = 0;
    wgsl::exec::StepResult::End end = wgsl::exec::StepResult::End::Atomic;
    uint32_t pc = 0;
    bool memory_changed = false;
    std::string name, where;  // of the workgroup, of pc (the kernel is gone when they are printed)
  };
  std::vector<AheadStep> ahead_;
  std::string ahead_end_;
  uint32_t peek_dispatch_ = 0;
  bool seek_restore_ = false;
  uint64_t restore_wg_ = 0;
  uint32_t restore_sg_ = 0, restore_lane_ = 0;
  int restore_pos_ = -1;
  int64_t restore_event_pc_ = -1;
  std::string seek_message_;
  std::string aheadText() const;

  // Snapshots (snapshots.cpp). The session's own state of the run at a snapshot.
  struct SavedWatch {
    std::vector<uint8_t> last;
    bool known = false;
    bool rebase = false;  // a buffer's, taken from the dispatch of the snapshot
  };
  struct SavedSession {
    Progress progress;
    std::map<int, SavedWatch> watches;  // by watch id
  };
  struct Snapshot {
    uint64_t step = 0;  // taken after this many instructions
    size_t pass = 0;
    std::shared_ptr<const runspec::PassCheckpoint> checkpoint;   // the pass's start
    std::shared_ptr<const wgsl::exec::DispatchSnapshot> dispatch;  // null: at the pass's start
    SavedSession session;
    uint64_t bytes = 0;
  };
  SavedSession saveSession(bool in_dispatch) const;
  void restoreSession(const SavedSession& s);
  void passBegins(size_t pass, const runspec::TakeCheckpoint& take);
  void addSnapshot(Snapshot s);
  // The last snapshot before step `before` a run can begin at (null: start from the beginning).
  const Snapshot* snapshotBefore(uint64_t before) const;
  void clearSnapshots();
  void pruneCheckpoints();
  uint64_t snapshot_every_ = kDefaultSnapshotEvery;
  uint64_t snapshot_interval_ = kDefaultSnapshotEvery;  // doubles when snapshots are thinned
  std::vector<Snapshot> snapshots_;                      // by step
  std::map<size_t, std::shared_ptr<const runspec::PassCheckpoint>> checkpoints_;  // per pass, of this schedule
  size_t pass_ = 0;                                      // the pass running
  std::optional<Snapshot> resume_;                       // this run begins at it (until its dispatch resumes)
  uint64_t resumed_at_ = 0;                              // this run began at this step
  uint64_t snapshots_taken_ = 0, snapshot_resumes_ = 0;
  std::string workgroupName(uint64_t wg) const;  // "2" or "(2, 1, 0)"
  std::string pcWhere(uint32_t pc) const;        // "k.wgsl:7:5"

};

}  // namespace wgslemu::debug
