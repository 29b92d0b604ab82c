// wgslemu's front end against Tint's on the same inputs, side by side per input.
//
// Inputs: every corpus kernel, check_bench's 5 000-line generated module, and a generated module
// of a few MiB. wgslemu: `check` in-process (parse + AST, resolve, uniformity analysis). Tint:
// Dawn's compiler through the npm package 'webgpu' (null backend), createShaderModule +
// getCompilationInfo, in one node process kept alive for the whole run
// (bench/peers/tint_front_end.js --serve, bench/tint_peer.h).
//
// Per input, after warm-up runs of both, R rounds (--reps) each of k runs of Tint and k runs of
// wgslemu back to back (which side goes first alternates by round), so both sides of a ratio are
// measured within milliseconds of each other, under the same load; the rounds go over all inputs
// in turn (round 1 of every input, then round 2, ...), so an input's rounds are spread over the run. A round's time for a side is
// the minimum of its k runs (interference only adds time, and the k runs are adjacent); a side's
// time is the median of its rounds, and the ratio the median of the rounds' ratios wgslemu / Tint
// (one round hit by load on one side only does not decide it). Times are CPU time: wgslemu's
// thread's clock, Tint's process.cpuUsage() deltas inside node (all of node's threads); wall time
// is printed too. Reports the ratio per input, the geometric mean and the worst, then parse + AST
// throughput on the large module.
//
// Usage: frontend_bench [--reps R] [--round-reps k] [--big-mib N] [--tint-module DIR] [--only TEXT]
//   --reps: rounds per input (default 7; at most 3 on inputs over 1 MiB);
//   --round-reps: runs per side per round on inputs under 64 KiB (default 5; larger inputs 1);
//   --tint-module: the installed 'webgpu' package (bench/peers/install_tint.sh prints it);
//   without it, or if node fails, only wgslemu's column is printed.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "bench/bench_util.h"
#include "bench/generated_module.h"
#include "bench/tint_peer.h"
#include "base/diagnostics.h"
#include "base/source_text.h"
#include "interp/ast/ast_builder.h"
#include "interp/sema/resolver.h"
#include "interp/uniformity/uniformity.h"

namespace {

namespace fs = std::filesystem;
using wgslemu::bench::median;

struct Input {
  std::string name;
  fs::path path;
  std::string text;
};

std::string readText(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string loadAverage() {
  std::string s = readText("/proc/loadavg");
  const auto cut = s.find(' ', s.find(' ', s.find(' ') + 1) + 1);  // the first three figures
  return cut == std::string::npos ? s : s.substr(0, cut);
}

// `wgslemu check`'s pipeline; returns whether the module is valid.
bool check(const wgsl::SourceFile& file) {
  wgsl::DiagnosticList diags;
  auto module = wgsl::ast::parseModule(file, diags);
  if (!module) return false;
  auto program = wgsl::sema::resolve(*module, diags);
  if (diags.hasErrors()) return false;
  wgsl::uniformity::Options uo;
  uo.file = &file;
  wgsl::uniformity::analyze(*program, diags, uo);
  return !diags.hasErrors();
}

// One side's time in a round: the minimum of its runs, CPU and wall milliseconds.
struct RoundTime {
  double cpu = 0, wall = 0;
};

RoundTime minimum(const std::vector<double>& cpu, const std::vector<double>& wall) {
  return {*std::min_element(cpu.begin(), cpu.end()), *std::min_element(wall.begin(), wall.end())};
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = 7;
  int round_reps = 5;
  int big_mib = 3;
  std::string tint_module, only;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (a == "--reps") rounds = std::max(1, std::atoi(next().c_str()));
    else if (a == "--round-reps") round_reps = std::max(1, std::atoi(next().c_str()));
    else if (a == "--big-mib") big_mib = std::max(1, std::atoi(next().c_str()));
    else if (a == "--tint-module") tint_module = next();
    else if (a == "--only") only = next();
    else {
      std::fprintf(stderr,
                   "usage: frontend_bench [--reps R] [--round-reps k] [--big-mib N] [--tint-module DIR] "
                   "[--only TEXT]\n");
      return 2;
    }
  }

  // The inputs, as files (Tint reads the same files).
  const fs::path dir = fs::path(WGSLEMU_BINARY_DIR) / "bench" / "frontend_inputs";
  fs::create_directories(dir);
  std::vector<Input> inputs;
  std::vector<fs::path> corpus;
  for (const auto& e : fs::directory_iterator(fs::path(WGSLEMU_SOURCE_DIR) / "corpus"))
    if (e.path().extension() == ".wgsl") corpus.push_back(e.path());
  std::sort(corpus.begin(), corpus.end());
  for (const auto& p : corpus) inputs.push_back({p.stem().string(), p, readText(p)});
  auto addGenerated = [&](const std::string& name, int lines) {
    const fs::path p = dir / (name + ".wgsl");
    const std::string text = wgslemu::bench::generate(lines);
    std::ofstream(p, std::ios::binary) << text;
    inputs.push_back({name, p, text});
  };
  addGenerated("generated_5k_lines", 5000);
  // 5 000 lines are about 174 KiB.
  addGenerated(fmt::format("generated_{}_mib", big_mib), static_cast<int>(big_mib * 5000 * 1024 / 174));
  if (!only.empty()) {
    inputs.erase(std::remove_if(inputs.begin(), inputs.end(),
                                [&](const Input& in) { return in.name.find(only) == std::string::npos; }),
                 inputs.end());
  }
  if (inputs.empty()) {
    std::fprintf(stderr, "frontend_bench: no input matches --only '%s'\n", only.c_str());
    return 2;
  }

  std::unique_ptr<wgslemu::bench::TintPeer> tint;
  if (!tint_module.empty())
    tint = std::make_unique<wgslemu::bench::TintPeer>(tint_module,
                                                      std::string(WGSLEMU_SOURCE_DIR) + "/bench/peers/tint_front_end.js");

  std::printf("front end, side by side per input: wgslemu check (parse + resolve + uniformity) vs Tint "
              "(createShaderModule + getCompilationInfo), warm; %d rounds of %d runs each side (1 over 64 KiB, "
              "at most 3 rounds over 1 MiB); a round's time is its fastest run, a side's time the median of its "
              "rounds, the ratio the median of the rounds' ratios; CPU milliseconds (wall in parentheses)\n",
              rounds, round_reps);
  std::printf("load average at the start: %s\n", loadAverage().c_str());
  std::printf("%-32s %8s %22s %22s %7s %s\n", "input", "KiB", "wgslemu ms", "Tint ms", "ratio", "");
  // Per input: the parsed-once source, its rounds' times, and Tint's last answer (its verdict).
  struct Series {
    std::unique_ptr<wgsl::SourceFile> file;
    bool large = false, valid = false;
    int n_rounds = 0, k = 0;
    std::vector<double> ours_cpu, ours_wall, theirs_cpu, theirs_wall, ratio_cpu, ratio_wall;
    std::optional<wgslemu::bench::TintTimes> tint_last;
  };
  std::vector<Series> series(inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) {
    Series& s = series[i];
    s.file = std::make_unique<wgsl::SourceFile>(inputs[i].name + ".wgsl", inputs[i].text);
    s.large = inputs[i].text.size() > (1u << 20);
    s.n_rounds = s.large ? std::min(rounds, 3) : rounds;
    s.k = inputs[i].text.size() < (64u << 10) ? round_reps : 1;
  }

  // Round r of every input, then round r + 1: an input's rounds are spread over the whole run
  // (a burst of load that lasts a few milliseconds touches one of its rounds, not all of them),
  // while the two sides of one round are adjacent.
  for (int r = 0; r < rounds; ++r) {
    for (size_t i = 0; i < inputs.size(); ++i) {
      Series& s = series[i];
      if (r >= s.n_rounds) continue;
      const std::string path = inputs[i].path.string();
      const bool tint_up = tint && tint->ok();
      if (r == 0) {  // warm-up, both sides
        s.valid = check(*s.file);
        if (!s.large) s.valid = check(*s.file);
        if (tint_up) s.tint_last = tint->time(path, s.large ? 1 : 2);
      }
      auto runOurs = [&] {
        std::vector<double> cpu, wall;
        for (int j = 0; j < s.k; ++j) {
          const double c0 = wgslemu::bench::threadCpuSeconds(), w0 = wgslemu::bench::wallSeconds();
          s.valid = check(*s.file);
          cpu.push_back((wgslemu::bench::threadCpuSeconds() - c0) * 1e3);
          wall.push_back((wgslemu::bench::wallSeconds() - w0) * 1e3);
        }
        return minimum(cpu, wall);
      };
      auto runTheirs = [&]() -> std::optional<RoundTime> {
        if (!tint || !tint->ok()) return std::nullopt;
        auto t = tint->time(path, s.k);
        if (!t) return std::nullopt;
        s.tint_last = t;
        return minimum(t->cpu_ms, t->wall_ms);
      };
      RoundTime ours;
      std::optional<RoundTime> theirs;
      if (r % 2 == 0) {
        theirs = runTheirs();
        ours = runOurs();
      } else {
        ours = runOurs();
        theirs = runTheirs();
      }
      s.ours_cpu.push_back(ours.cpu);
      s.ours_wall.push_back(ours.wall);
      if (theirs) {
        s.theirs_cpu.push_back(theirs->cpu);
        s.theirs_wall.push_back(theirs->wall);
        s.ratio_cpu.push_back(ours.cpu / theirs->cpu);
        s.ratio_wall.push_back(ours.wall / theirs->wall);
      }
    }
  }

  double log_sum = 0, worst = 0, wall_log_sum = 0, wall_worst = 0;
  int rated = 0;
  std::string worst_name;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Input& in = inputs[i];
    const Series& s = series[i];
    std::string note = s.valid ? "" : "wgslemu: invalid";
    std::string tint_ms = "-", ratio = "-";
    // Rated only when every round had both sides (a peer that failed midway leaves the input out).
    if (s.tint_last && static_cast<int>(s.ratio_cpu.size()) == s.n_rounds) {
      tint_ms = fmt::format("{:.3f} ({:.3f})", median(s.theirs_cpu), median(s.theirs_wall));
      if ((s.tint_last->errors == 0) != s.valid) note += (note.empty() ? "" : "; ") + std::string("verdicts differ");
      if (s.tint_last->errors != 0) note += (note.empty() ? "" : "; ") + ("Tint: " + s.tint_last->first_error);
      const double r = median(s.ratio_cpu);
      const double rw = median(s.ratio_wall);
      ratio = fmt::format("{:.2f}", r);
      log_sum += std::log(r);
      wall_log_sum += std::log(rw);
      wall_worst = std::max(wall_worst, rw);
      ++rated;
      if (r > worst) {
        worst = r;
        worst_name = in.name;
      }
    }
    const std::string ours = fmt::format("{:.3f} ({:.3f})", median(s.ours_cpu), median(s.ours_wall));
    std::printf("%-32s %8.1f %22s %22s %7s %s\n", in.name.c_str(), static_cast<double>(in.text.size()) / 1024,
                ours.c_str(), tint_ms.c_str(), ratio.c_str(), note.c_str());
  }
  if (rated > 0) {
    std::printf("wgslemu / Tint over %d inputs (CPU time): geometric mean %.2f, worst %.2f (%s); target: both <= 1.0\n",
                rated, std::exp(log_sum / rated), worst, worst_name.c_str());
    std::printf("(by wall time: geometric mean %.2f, worst %.2f)\n", std::exp(wall_log_sum / rated), wall_worst);
  } else if (tint_module.empty()) {
    std::printf("(no Tint column: pass --tint-module, see bench/peers/install_tint.sh)\n");
  } else {
    std::printf("(no Tint column: the Tint peer failed, see above)\n");
  }
  std::printf("load average at the end: %s\n", loadAverage().c_str());
  tint.reset();  // ends the node process before the throughput measurement

  // Parse + AST throughput on the large module (target: >= 10 MiB/s).
  const Input& big = inputs.back();
  wgsl::SourceFile file(big.name + ".wgsl", big.text);
  // One warm-up run, then 7 timed ones (this thread's CPU time, freeing the module included).
  // A neighbour on the other hardware thread of the core slows a run without showing as waiting,
  // so the fastest run is the figure, the median shown next to it.
  std::vector<double> runs;
  for (int i = 0; i <= 7; ++i) {
    const double t0 = wgslemu::bench::threadCpuSeconds();
    {
      wgsl::DiagnosticList d;
      wgsl::ast::parseModule(file, d);
    }
    if (i > 0) runs.push_back(wgslemu::bench::threadCpuSeconds() - t0);
  }
  std::sort(runs.begin(), runs.end());
  const double mib = static_cast<double>(big.text.size()) / (1 << 20);
  std::printf("parse + AST on %s: %.2f MiB/s of CPU time, fastest of 7 (median %.2f; target >= 10)\n",
              big.name.c_str(), mib / runs.front(), mib / runs[runs.size() / 2]);
  return 0;
}
