// `wgslemu explore`: command line, output and exit codes (0 portable, 1 not portable, 2 usage or
// a spec that cannot run at all).
#include "tools/wgslemu/explore_command.h"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>

#include "tools/runspec/explore.h"
#include "tools/runspec/junit.h"
#include "tools/runspec/progress_line.h"
#include "tools/runspec/run_spec.h"
#include "tools/wgslemu/exit_codes.h"
#include "tools/wgslemu/input_file.h"

namespace wgslemu {

namespace {

// explore's own options; a run option of the same name (none today) could not be a dimension.
bool ownOption(const std::string& name) {
  return name == "seeds" || name == "json" || name == "jobs" || name == "ignore" || name == "max-configurations" ||
         name == "schedule-out" || name == "shard" || name == "junit";
}

// One test case per configuration run: a failure when its outcome is not ok or when a buffer
// that decides portability differs from configuration 0's.
std::vector<runspec::JUnitCase> junitCases(const runspec::ExploreResult& r) {
  std::vector<runspec::JUnitCase> cases;
  for (const runspec::ConfigurationResult& c : r.configurations) {
    runspec::JUnitCase j;
    j.classname = r.spec;
    j.name = c.label.empty() ? "configuration " + std::to_string(c.index) : c.label;
    j.seconds = c.seconds;
    if (c.outcome != "ok") {
      j.result = c.outcome == "error" ? runspec::JUnitCase::Error : runspec::JUnitCase::Failure;
      j.type = c.outcome;
      j.message = c.message;
      j.details = c.details;
    } else {
      for (const runspec::BufferDifference& d : r.differences) {
        if (d.ignored) continue;
        const auto b = std::find(r.buffers.begin(), r.buffers.end(), d.name) - r.buffers.begin();
        const auto& ref = r.configurations.front();
        if (!c.has_outputs || !ref.has_outputs || c.hashes.at(b) == ref.hashes.at(b)) continue;
        j.result = runspec::JUnitCase::Failure;
        j.type = "outputs-differ";
        j.message = "buffer '" + d.name + "' differs from " + ref.label;
        j.details = r.verdict.configuration && *r.verdict.configuration == c.index ? r.verdict.line : j.message;
        break;
      }
    }
    cases.push_back(std::move(j));
  }
  return cases;
}

}  // namespace

void addExploreCommand(CLI::App& app, ExploreCommandOptions& opts) {
  CLI::App* cmd = app.add_subcommand(
      "explore",
      "Run a run spec under every combination of run-option values (--OPTION=V1,V2,... with ranges such as "
      "1-20 or random:1-5; --seeds=A-B) and say whether its results are portable");
  opts.command = cmd;
  const std::string bound =
      runspec::findRunOption("hang-window")
          ? std::string()
          : fmt::format(" and, unless the spec or a dimension sets it, with --max-steps={} so that a spinning kernel "
                        "ends as a hang",
                        runspec::kExploreDefaultMaxSteps);
  cmd->footer("Every run option above is a dimension; configurations are their cross product (seed varying fastest), "
              "each run on one thread (--threads=1)" +
              bound +
              ". Exit codes: 0 portable, 1 not portable, 2 usage error or a spec that cannot run. See docs/explore.md.");
  opts.max_configurations = runspec::kDefaultMaxConfigurations;
  cmd->add_option("spec", opts.spec, "SPEC.json")->required();
  cmd->add_option("--seeds", opts.seeds, "Seeds to run each configuration with: A-B or a list (sets --seed)");
  cmd->add_flag("--json", opts.json, "Print one JSON object instead of the table");
  cmd->add_option("-j,--jobs", opts.jobs, "Runs at once (default: one per core)")->check(CLI::Range(1, 1024));
  cmd->add_option("--max-configurations", opts.max_configurations,
                  fmt::format("Refuse plans with more configurations (default {})", runspec::kDefaultMaxConfigurations))
      ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 32));
  cmd->add_option("--ignore", opts.ignore,
                  "A buffer whose contents may differ between configurations without making the spec non-portable "
                  "(repeatable)")
      ->expected(1)
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd->add_option("--schedule-out", opts.schedule_out,
                  "Write the schedule that replays the failing configuration to FILE (builds with schedulers)");
  cmd->add_option("--shard", opts.shard,
                  "Run only shard I of N (I/N, 0-based: configurations I, I+N, ..., plus configuration 0 as the "
                  "reference); default from TEST_TOTAL_SHARDS and TEST_SHARD_INDEX");
  cmd->add_option("--junit", opts.junit, "Also write one JUnit XML test case per configuration to FILE");
  for (const runspec::RunOptionInfo& info : runspec::runOptionTable()) {
    if (ownOption(info.name)) continue;
    CLI::Option* o = nullptr;
    if (info.flag) {
      // `--NAME` alone is "true"; `--NAME=false,true` gives the values (never the next word, which
      // may be the spec).
      o = cmd->add_flag("--" + info.name, opts.lists[info.name],
                        "Dimension: --" + info.name + "=false,true (alone: true). " + info.help);
    } else {
      o = cmd->add_option("--" + info.name, opts.lists[info.name], "Dimension: V1,V2,... " + info.help);
      o->expected(1)->allow_extra_args(false);
    }
    o->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    opts.option_names[o] = info.name;
  }
}

int runExplore(const ExploreCommandOptions& opts) {
  // Dimensions in command-line order.
  std::vector<std::pair<std::string, std::string>> args;
  std::map<std::string, size_t> seen;
  for (const CLI::Option* o : opts.command->parse_order()) {
    auto it = opts.option_names.find(o);
    if (it == opts.option_names.end()) continue;
    const std::string& name = it->second;
    const std::vector<std::string>& list = opts.lists.at(name);
    const size_t k = seen[name]++;
    const runspec::RunOptionInfo* info = runspec::findRunOption(name);
    std::string value = k < list.size() ? list[k] : "";
    if (info && info->flag && value.empty()) value = "true";
    args.emplace_back(name, value);
  }
  std::string error;
  runspec::ExplorePlan plan;
  if (!runspec::makePlan(args, opts.seeds, opts.max_configurations, plan, error)) {
    std::fprintf(stderr, "wgslemu: error: explore: %s\n", error.c_str());
    return kExitUsage;
  }
  auto input = readInput(opts.spec, error);
  if (!input) {
    std::fprintf(stderr, "wgslemu: error: %s\n", error.c_str());
    return kExitUsage;
  }
  auto spec = runspec::parseRunSpec(input->bytes, opts.spec, error);
  if (!spec) {
    std::fprintf(stderr, "wgslemu: error: %s\n", error.c_str());
    return kExitUsage;
  }
  runspec::ExploreSettings settings;
  if (!runspec::resolveShard(opts.shard, settings.shard, error)) {
    std::fprintf(stderr, "wgslemu: error: explore: %s\n", error.c_str());
    return kExitUsage;
  }
  settings.jobs = opts.jobs;
  settings.schedule_file = opts.schedule_out;
  for (const auto& name : opts.ignore) {
    if (!spec->buffer(name)) {
      std::fprintf(stderr, "wgslemu: error: --ignore %s: the spec has no buffer named '%s'\n", name.c_str(), name.c_str());
      return kExitUsage;
    }
    settings.ignore.insert(name);
  }
  const bool progress = runspec::wantProgress();
  if (progress) {
    settings.progress = [](uint64_t done, uint64_t total) {
      std::fprintf(stderr, "\rexplore: %llu/%llu configurations", static_cast<unsigned long long>(done),
                   static_cast<unsigned long long>(total));
      std::fflush(stderr);
    };
  }
  const runspec::ExploreResult r = runspec::explore(*spec, plan, settings);
  if (progress) std::fputs("\r\033[K", stderr);
  if (opts.json) std::puts(runspec::exploreJson(r).dump(2).c_str());
  else std::fputs(runspec::exploreText(r).c_str(), stdout);
  if (!opts.junit.empty() && !runspec::writeJUnit(opts.junit, "wgslemu explore " + opts.spec, junitCases(r),
                                                  r.seconds, error)) {
    std::fprintf(stderr, "wgslemu: error: %s\n", error.c_str());
    return kExitUsage;
  }
  if (r.all_error) {
    if (opts.json) std::fprintf(stderr, "wgslemu: error: %s\n", r.verdict.message.c_str());
    return kExitUsage;
  }
  return r.verdict.portable ? kExitOk : kExitInvalid;
}

}  // namespace wgslemu
