// `wgslemu test PATH...`: run every run spec (*.json) under the paths; one line per spec, then
// "N passed, N failed". With --shard=I/N (or TEST_TOTAL_SHARDS and TEST_SHARD_INDEX) only the
// specs whose position in path order is I modulo N; --junit FILE writes JUnit XML.
#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <thread>

#include "tools/runspec/junit.h"
#include "tools/runspec/shard.h"
#include "tools/wgslemu/exit_codes.h"
#include "tools/wgslemu/input_file.h"
#include "tools/wgslemu/run_command.h"

namespace wgslemu {

namespace fs = std::filesystem;

void addTestCommand(CLI::App& app, TestCommandOptions& opts) {
  CLI::App* test = app.add_subcommand("test", "Run every run spec (*.json) found under the given paths");
  test->add_option("paths", opts.paths, "Spec files or folders (searched recursively)")->required();
  test->add_option("-j,--jobs", opts.jobs, "Run this many specs at once (default 1)")->check(CLI::Range(1, 256));
  test->add_option("--shard", opts.shard,
                   "Run only shard I of N (I/N, 0-based: the specs at positions I, I+N, ... in path order); "
                   "default from TEST_TOTAL_SHARDS and TEST_SHARD_INDEX");
  test->add_option("--junit", opts.junit, "Also write the results as JUnit XML to FILE");
  addCommonRunOptions(test, opts.common);
}

namespace {

struct Outcome {
  std::string name;
  std::string verdict;  // ok, FAIL, HANG, ERROR
  double seconds = 0;
  std::string details;  // printed under a failing line
  bool done = false;
};

Outcome runOne(const std::string& path, const runspec::RunOptions& options) {
  Outcome o;
  o.name = path;
  const auto start = std::chrono::steady_clock::now();
  std::string error;
  auto input = readInput(path, error);
  std::optional<runspec::RunSpec> spec;
  if (input) spec = runspec::parseRunSpec(input->bytes, path, error);
  if (!spec) {
    o.verdict = "ERROR";
    o.details = error + "\n";
  } else {
    runspec::RunResult r = runspec::runSpec(*spec, options);
    switch (r.status) {
      case runspec::RunStatus::Ok: o.verdict = "ok"; break;
      case runspec::RunStatus::Mismatch:
      case runspec::RunStatus::DynamicError: o.verdict = "FAIL"; break;
      case runspec::RunStatus::Hang: o.verdict = "HANG"; break;
      case runspec::RunStatus::Invalid:
      case runspec::RunStatus::Error: o.verdict = "ERROR"; break;
    }
    if (r.status != runspec::RunStatus::Ok) o.details = runspec::summaryText(*spec, r);
  }
  o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return o;
}

}  // namespace

int runTest(const TestCommandOptions& opts) {
  runspec::RunOptions options;
  std::string option_error;
  if (!opts.common.toRunOptions(options, option_error)) {
    std::fprintf(stderr, "wgslemu: error: %s\n", option_error.c_str());
    return kExitUsage;
  }
  std::vector<std::string> specs;
  for (const auto& p : opts.paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      for (auto it = fs::recursive_directory_iterator(p, ec); !ec && it != fs::recursive_directory_iterator();
           it.increment(ec)) {
        if (it->is_regular_file(ec) && it->path().extension() == ".json") specs.push_back(it->path().string());
      }
    } else if (fs::exists(p, ec)) {
      specs.push_back(p);
    } else {
      std::fprintf(stderr, "wgslemu: error: '%s' does not exist\n", p.c_str());
      return kExitUsage;
    }
  }
  std::sort(specs.begin(), specs.end());
  if (specs.empty()) {
    std::fprintf(stderr, "wgslemu: error: no run specs (*.json) found under the given paths\n");
    return kExitUsage;
  }
  runspec::Shard shard;
  std::string shard_error;
  if (!runspec::resolveShard(opts.shard, shard, shard_error)) {
    std::fprintf(stderr, "wgslemu: error: %s\n", shard_error.c_str());
    return kExitUsage;
  }
  const size_t found = specs.size();
  if (shard.sharded()) {
    std::vector<std::string> mine;
    for (size_t i = 0; i < specs.size(); ++i)
      if (shard.contains(i)) mine.push_back(specs[i]);
    specs = std::move(mine);
  }
  const auto started = std::chrono::steady_clock::now();
  std::vector<Outcome> outcomes(specs.size());
  std::mutex mu;
  std::condition_variable cv;
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i; (i = next.fetch_add(1)) < specs.size();) {
      Outcome o = runOne(specs[i], options);
      std::lock_guard<std::mutex> lock(mu);
      outcomes[i] = std::move(o);
      outcomes[i].done = true;
      cv.notify_all();
    }
  };
  std::vector<std::thread> pool;
  const unsigned jobs = std::max(1u, std::min<unsigned>(opts.jobs, static_cast<unsigned>(std::max<size_t>(specs.size(), 1))));
  for (unsigned k = 0; k < jobs; ++k) pool.emplace_back(worker);
  // Lines are printed in path order as soon as each spec and all before it are done.
  size_t passed = 0, failed = 0;
  size_t width = 0;
  for (const auto& s : specs) width = std::max(width, s.size());
  for (size_t i = 0; i < specs.size(); ++i) {
    std::unique_lock<std::mutex> lock(mu);
    cv.wait(lock, [&] { return outcomes[i].done; });
    const Outcome& o = outcomes[i];
    (o.verdict == "ok" ? passed : failed)++;
    std::printf("%-*s  %-5s  %.2fs\n", static_cast<int>(width), o.name.c_str(), o.verdict.c_str(), o.seconds);
    if (!o.details.empty()) {
      std::string indented;
      size_t start = 0;
      while (start < o.details.size()) {
        size_t nl = o.details.find('\n', start);
        indented += "    " + o.details.substr(start, nl == std::string::npos ? std::string::npos : nl - start + 1);
        if (nl == std::string::npos) break;
        start = nl + 1;
      }
      std::fputs(indented.c_str(), stdout);
      if (indented.back() != '\n') std::fputc('\n', stdout);
    }
    std::fflush(stdout);
  }
  for (auto& t : pool) t.join();
  if (shard.sharded()) {
    std::printf("%zu passed, %zu failed (shard %llu/%llu: %zu of %zu specs)\n", passed, failed,
                static_cast<unsigned long long>(shard.index), static_cast<unsigned long long>(shard.total),
                specs.size(), found);
  } else {
    std::printf("%zu passed, %zu failed\n", passed, failed);
  }
  if (!opts.junit.empty()) {
    std::vector<runspec::JUnitCase> cases;
    for (const Outcome& o : outcomes) {
      runspec::JUnitCase c;
      c.classname = "wgslemu.test";
      c.name = o.name;
      c.seconds = o.seconds;
      if (o.verdict == "FAIL" || o.verdict == "HANG") c.result = runspec::JUnitCase::Failure;
      if (o.verdict == "ERROR") c.result = runspec::JUnitCase::Error;
      if (c.result != runspec::JUnitCase::Passed) {
        c.type = o.verdict == "HANG" ? "hang" : o.verdict == "FAIL" ? "fail" : "error";
        c.message = o.details.substr(0, o.details.find('\n'));
        c.details = o.details;
      }
      cases.push_back(std::move(c));
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::string error;
    if (!runspec::writeJUnit(opts.junit, "wgslemu test", cases, seconds, error)) {
      std::fprintf(stderr, "wgslemu: error: %s\n", error.c_str());
      return kExitUsage;
    }
  }
  return failed == 0 ? kExitOk : kExitInvalid;
}

}  // namespace wgslemu
