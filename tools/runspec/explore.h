// `wgslemu explore SPEC.json` without the command line: dimensions of run options (any row of
// run_options.cpp's table), their cross product, one run per configuration in parallel (TBB),
// outcomes, output hashes, which buffers differ between configurations, and the portability
// verdict with the command that reproduces it (docs/explore.md).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "tools/runspec/data_spec.h"
#include "tools/runspec/run_options.h"
#include "tools/runspec/run_spec.h"
#include "tools/runspec/shard.h"

namespace wgslemu::runspec {

constexpr uint64_t kDefaultMaxConfigurations = 4096;
// A run that spins forever must end: unless the spec or the command line sets max-steps, every
// configuration runs with this bound (instructions per workgroup; the heaviest corpus workgroup
// needs under 2 000 000), and reaching it is a hang. Not added when the build has a
// `hang-window` option (the scheduler's own hang detection).
constexpr uint64_t kExploreDefaultMaxSteps = 10000000;

// One dimension: a run option and the values it takes, in the order given.
struct ExploreDimension {
  std::string option;               // canonical name ("subgroup-size")
  std::vector<std::string> values;  // each one valid for RunOptions::set
};

// Parses the value list of `--OPTION=LIST` (docs/explore.md, "Dimensions"):
//  - alternatives are separated by commas;
//  - a number range A-B (alone, or after "PREFIX:", "=" or "+") stands for A, A+1, ..., B:
//    "1-20", "random:1-5", "ulp-random:1-3";
//  - '+' joins the parts of one alternative whose option value is itself a comma list
//    ("ftz+fma" is the value "ftz,fma");
//  - a comma that splits an alternative the option's validator rejects is kept inside it, so
//    values with commas of their own ("oob:12:invocation=1,2,3") need no quoting.
// Every value is validated with the run-option table. At most `max_values` values; false and
// `error` otherwise ("--subgroup-size: '33' is not valid: expected ...").
bool parseDimension(const std::string& option, const std::string& list, uint64_t max_values, ExploreDimension& out,
                    std::string& error);
// The same for an option described by `info` (tests use options the table does not have yet).
bool parseDimension(const RunOptionInfo& info, const std::string& list, uint64_t max_values, ExploreDimension& out,
                    std::string& error);

// The values a text with number ranges stands for, last range fastest ("random:1-3" gives
// random:1, random:2, random:3; "runs/1-2.txt" is not a range). False and `error` for an empty
// range (5-1) or more than `max_values` values.
bool expandRanges(const std::string& text, uint64_t max_values, std::vector<std::string>& out, std::string& error);

struct ExplorePlan {
  std::vector<ExploreDimension> dimensions;  // outermost first; `seed` is always innermost
  // Options every configuration runs with on top of its dimension values (threads=1).
  RunOptions fixed;
  // Add max-steps = kExploreDefaultMaxSteps to configurations whose spec and dimensions do not
  // set max-steps (makePlan: unless the build has a `hang-window` option).
  bool default_max_steps = true;
};

// The dimensions used when the command line names none: seeds 1-4 over every scheduler the
// table accepts when there is a `scheduler` option, otherwise subgroup sizes 4, 32 and 128.
std::vector<ExploreDimension> defaultDimensions();

// Builds a plan from `--NAME=LIST` arguments in command-line order (names canonical, as in the
// table; a flag given without a value has LIST "true") and `--seeds=LIST` ("" when absent).
// Repeated non-repeatable options add values to one dimension; each occurrence of a repeatable
// option is a dimension of its own (a configuration then applies one value of each). With no
// dimension at all, defaultDimensions(). Fails with `error` for an unknown option, a bad value,
// --seeds together with --seed, or more than `max_configurations` configurations.
bool makePlan(const std::vector<std::pair<std::string, std::string>>& args, const std::string& seeds,
              uint64_t max_configurations, ExplorePlan& plan, std::string& error);

// The product of the dimension sizes (saturating at UINT64_MAX).
uint64_t configurationCount(const ExplorePlan& plan);
// Configuration `index` (0 <= index < count): one value per dimension; the last dimension varies
// fastest.
std::vector<std::string> configurationValues(const ExplorePlan& plan, uint64_t index);
// "--scheduler=obe --occupancy=1 --seed=3" (the dimension values only).
std::string configurationLabel(const ExplorePlan& plan, uint64_t index);

struct ExploreSettings {
  unsigned jobs = 0;                // parallel runs; 0: one per core
  std::set<std::string> ignore;     // buffers whose differences do not decide portability
  // Called after each configuration (one call at a time) with how many are done.
  std::function<void(uint64_t done, uint64_t total)> progress;
  // Where to write the schedule that replays the failing configuration (needs the `save-schedule`
  // run option of the scheduler work); "" keeps it in the verdict only.
  std::string schedule_file;
  // Run only this shard of the configurations (index modulo total), plus configuration 0, which
  // every shard runs as the reference the outputs are compared with: every shard portable means
  // the whole plan is portable (docs/campaigns.md).
  Shard shard;
};

struct ConfigurationResult {
  uint64_t index = 0;
  std::string label;
  RunOptions options;               // passed to runSpec (the dimension values and fixed options)
  std::string outcome;              // ok, mismatch, hang, dynamic-error, error
  std::string message;              // one line: why it is not ok ("" when ok)
  std::string details;              // the run's summary (summaryText) when not ok
  std::string schedule;             // the run report's replay schedule, when it has one
  std::string first_oob;            // FILE:LINE:COL of the run's first out-of-bounds access ("" if none)
  bool has_outputs = false;         // the passes ran, `hashes` are set
  std::vector<uint64_t> hashes;     // per spec buffer (spec order)
  double seconds = 0;
};

struct BufferVariant {
  uint64_t hash = 0;
  std::vector<uint64_t> configurations;  // indices, ascending
  // Against the first variant (the one of the lowest configuration); unset for variant 0.
  uint64_t differing = 0;               // elements that differ bitwise
  std::optional<uint64_t> first_index;  // first differing element
  std::string first_reference, first_value;  // that element in both variants, as text
  bool size_differs = false;
  // f32/f16 buffers: over the differing elements where both are finite.
  uint64_t max_ulp = 0;
  double max_abs = 0;
  uint64_t nonfinite = 0;  // differing elements where one side is NaN or infinite
};

struct BufferDifference {
  std::string name;
  ElemType type = ElemType::U32;
  uint64_t elements = 0;
  bool ignored = false;  // named in ExploreSettings::ignore
  std::vector<BufferVariant> variants;  // only buffers with two or more variants are listed
};

struct ExploreVerdict {
  bool portable = false;
  std::string outcome;            // the failing configuration's outcome, or "outputs-differ"
  std::optional<uint64_t> configuration;
  std::string label;
  std::string message;
  std::string reproduce;          // "wgslemu run SPEC --opt=value ..."
  std::string reference;          // outputs-differ: the command of the reference configuration
  std::string schedule;           // replay schedule of the failing run, when the build records one
  std::string schedule_file;      // where it was written (ExploreSettings::schedule_file)
  std::string line;               // the one-line verdict
};

struct ExploreResult {
  std::string spec;               // the spec path as given
  std::vector<std::string> buffers;  // the spec's buffer names (ConfigurationResult::hashes order)
  ExplorePlan plan;
  unsigned jobs = 1;
  std::vector<ConfigurationResult> configurations;  // those run, by ascending index (0 first)
  uint64_t total_configurations = 0;                // in the whole plan (more when sharded)
  Shard shard;
  std::vector<BufferDifference> differences;
  ExploreVerdict verdict;
  bool all_error = false;         // no configuration could run (the spec itself is broken)
  double seconds = 0;
};

// Runs every configuration of `plan` (runSpec each, in parallel) and judges the outcomes.
// Portable means: every configuration ok and every buffer not in `ignore` identical in all.
// Otherwise the verdict names the first configuration in plan order that is not ok, or else the
// first whose outputs differ from configuration 0.
ExploreResult explore(const RunSpec& spec, const ExplorePlan& plan, const ExploreSettings& settings);

// The result of configuration `index` (it must have been run).
const ConfigurationResult& configurationAt(const ExploreResult& r, uint64_t index);

// The replay schedule in a run report (--report JSON): a top-level "schedule", or the one of the
// last pass that has one; a string, or an object with "text". "" when there is none.
std::string scheduleFromReport(const nlohmann::ordered_json& report);

// `wgslemu run` command line for these options, shell-quoted where needed.
std::string reproduceCommand(const std::string& spec_path, const RunOptions& options);

// The human report: configurations grouped by outcome, differing buffers, the verdict.
std::string exploreText(const ExploreResult& r);
// The same as one JSON object (docs/explore.md, "JSON").
nlohmann::ordered_json exploreJson(const ExploreResult& r);

}  // namespace wgslemu::runspec
