// Executing a run spec on a wgslemu device: validate everything before anything runs, run the
// passes in order on shared buffers, check expectations, save buffers, and build the report.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "runtime/runtime.h"
#include "tools/runspec/compare.h"
#include "tools/runspec/run_options.h"
#include "tools/runspec/run_spec.h"

namespace wgslemu::runspec {

// Applies the spec's "options" under the command line's. Returns false and sets `error` for a
// bad value.
bool effectiveOptions(const RunSpec& spec, const RunOptions& cli, RunOptions& out, std::string& error);

enum class RunStatus { Ok, Mismatch, Hang, DynamicError, Invalid, Error };
const char* toString(RunStatus s);   // "ok", "mismatch", "hang", "dynamic-error", "invalid", "error"
int exitCode(RunStatus s);           // 0, 1, 3, 4, 1, 2

struct PassResult {
  std::string entry;
  uint32_t dispatch[3] = {0, 0, 0};
  uint64_t workgroups = 0;
  uint64_t instructions = 0;
  double seconds = 0;
  // Scheduling.
  std::string scheduler;
  uint32_t subgroup_size = 0;
  uint64_t steps = 0;
  std::string hang, hang_summary;
  nlohmann::ordered_json workgroup_stats;  // array (step-wise runs)
  std::string schedule;                     // replayable schedule (when recorded)
  uint64_t dispatch_number = 0;             // the device's number of this dispatch (from 1; 0: none ran)
};

// An event of the run: the device's event (runtime/event_report.h lays it out for the summary
// and the report) and the pass it happened in.
struct RunEvent {
  size_t pass = 0;
  wgsl::runtime::Event event;
};

struct RunResult {
  RunStatus status = RunStatus::Ok;
  std::string error;        // for Invalid and Error: what went wrong (diagnostics for Invalid)
  std::vector<PassResult> passes;
  std::vector<RunEvent> events;
  uint64_t event_count = 0;
  std::vector<Mismatch> mismatches;
  RunOptions options;       // as actually used
  double seconds = 0;
  // --allow-nonuniform: uniformity errors of the static analysis (shown as warnings),
  // and whether every barrier and collective was reached uniformly when the kernels ran.
  size_t static_uniformity_errors = 0;
  std::string uniformity_warnings;
};

// Final buffer contents by name (for `run --print`).
using FinalBuffers = std::vector<std::pair<std::string, std::vector<uint8_t>>>;

// A run about to run pass `pass`, with everything it has so far: a debugger's snapshots resume a
// run there (RunControl::resume) instead of running the passes before it again.
struct PassCheckpoint {
  size_t pass = 0;
  std::vector<std::vector<uint8_t>> buffers;  // every buffer of the spec, in the spec's order
  RunResult so_far;                           // the passes before: results, events, status
  std::string timeline_svg, timeline_text;
  uint64_t dispatches = 0;                    // the device's dispatch count
  uint64_t bytes() const;
};
using TakeCheckpoint = std::function<std::shared_ptr<const PassCheckpoint>()>;

// How a debugger drives a run (null: a plain run).
struct RunControl {
  // Called before each pass runs; `take` makes the checkpoint of that moment.
  std::function<void(size_t pass, const TakeCheckpoint& take)> pass_begins;
  // Start at this checkpoint's pass, from its buffers and results (taken in a run of the same
  // spec and options), instead of at the first pass.
  std::shared_ptr<const PassCheckpoint> resume;
};

// Runs `spec`. Never throws: every failure is a status with a message. When `finals` is given,
// it receives every buffer's final contents (if the passes ran).
RunResult runSpec(const RunSpec& spec, const RunOptions& cli, FinalBuffers* finals = nullptr,
                  const RunControl* control = nullptr);

// The --report JSON of docs/run-spec.md.
nlohmann::ordered_json reportJson(const RunSpec& spec, const RunResult& r);

// The `wgslemu run` command that reproduces the run (its options and the seed).
std::string replayCommand(const RunSpec& spec, const RunResult& r);

// One-paragraph human summary for standard error.
std::string summaryText(const RunSpec& spec, const RunResult& r);

}  // namespace wgslemu::runspec
