// `wgslemu check` (parse + resolve) on a 5 000-line generated shader in the style compilers emit
// (many small functions, index arithmetic, loops, built-in calls), against a plain C++ loop over
// the same text, measured in the same run.
//
// `check_bench --stages FILE [reps]`: the CPU time of each stage of `check` on FILE (parse + AST,
// resolve with validation and aliasing, the aliasing pass again on its own, the uniformity
// analysis, freeing the program and the module), median of `reps` runs (default 5), to find
// which stage a change of the front end moves.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bench/bench_util.h"
#include "bench/generated_module.h"
#include "base/diagnostics.h"
#include "base/source_text.h"
#include "interp/ast/ast_builder.h"
#include "interp/sema/alias_analysis.h"
#include "interp/sema/resolver.h"
#include "interp/uniformity/uniformity.h"

namespace {

using wgslemu::bench::medianSeconds;
using wgslemu::bench::plainLoop;
using wgslemu::bench::generate;

double cpuNow() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// --stages: each stage of `check` timed on its own, median of `reps` runs after one warm-up run.
int stages(const char* path, int reps) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "check_bench: cannot read %s\n", path);
    return 2;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  wgsl::SourceFile file(path, ss.str());
  const char* names[] = {"parse + AST", "resolve (with validation, aliasing)", "aliasing alone (again)",
                         "uniformity", "free program", "free module", "check (sum of the above but aliasing)"};
  constexpr int kStages = 7;
  std::vector<std::vector<double>> t(kStages);
  size_t errors = 0;
  for (int rep = 0; rep <= reps; ++rep) {
    double s[kStages] = {};
    wgsl::DiagnosticList d;
    double t0 = cpuNow();
    auto m = wgsl::ast::parseModule(file, d);
    s[0] = cpuNow() - t0;
    if (m) {
      t0 = cpuNow();
      auto p = wgsl::sema::resolve(*m, d);
      s[1] = cpuNow() - t0;
      wgsl::DiagnosticList scratch;
      t0 = cpuNow();
      wgsl::sema::checkAliasing(*p, scratch);
      s[2] = cpuNow() - t0;
      if (!d.hasErrors()) {
        wgsl::uniformity::Options uo;
        uo.file = &file;
        t0 = cpuNow();
        wgsl::uniformity::analyze(*p, d, uo);
        s[3] = cpuNow() - t0;
      }
      t0 = cpuNow();
      p.reset();
      s[4] = cpuNow() - t0;
      t0 = cpuNow();
      m.reset();
      s[5] = cpuNow() - t0;
    }
    s[6] = s[0] + s[1] + s[3] + s[4] + s[5];
    errors = d.errorCount();
    if (rep == 0) continue;  // warm-up
    for (int i = 0; i < kStages; ++i) t[i].push_back(s[i]);
  }
  std::printf("input: %s, %.0f KiB, %zu error(s); CPU ms, median of %d runs\n", path,
              static_cast<double>(ss.str().size()) / 1024, errors, reps);
  for (int i = 0; i < kStages; ++i) {
    std::sort(t[i].begin(), t[i].end());
    std::printf("%-40s %10.3f\n", names[i], t[i][t[i].size() / 2] * 1e3);
  }
  return 0;
}


}  // namespace

int main(int argc, char** argv) {
  if (argc > 2 && std::strcmp(argv[1], "--stages") == 0) return stages(argv[2], argc > 3 ? std::max(1, std::atoi(argv[3])) : 5);
  const int lines = argc > 1 ? std::atoi(argv[1]) : 5000;
  const std::string src = generate(lines);
  wgsl::SourceFile file("generated.wgsl", src);
  {
    // Warm-up: the ANTLR runtime builds its prediction caches on the first parse in a process.
    wgsl::DiagnosticList d;
    wgsl::ast::parseModule(file, d);
  }
  size_t sink = 0;
  const double base = medianSeconds(21, [&] { sink += plainLoop(src); });
  bool ok = false;
  const double parse = medianSeconds(5, [&] {
    wgsl::DiagnosticList d;
    ok = wgsl::ast::parseModule(file, d) != nullptr;
  });
  size_t errors = 0;
  const double check = medianSeconds(5, [&] {
    wgsl::DiagnosticList d;
    auto m = wgsl::ast::parseModule(file, d);
    if (m) wgsl::sema::resolve(*m, d);
    errors = d.errorCount();
    if (errors) std::fputs(wgsl::renderText(file, d.all()).substr(0, 1500).c_str(), stderr);
  });
  std::printf("input: %zu lines, %.0f KiB, valid=%s (checksum %zu)\n", static_cast<size_t>(file.lineCount()),
              static_cast<double>(src.size()) / 1024, ok && errors == 0 ? "yes" : "NO", sink);
  std::printf("%-30s %12s %14s\n", "stage", "ms", "x plain loop");
  std::printf("%-30s %12.3f %14.1f\n", "plain C++ loop (one pass)", base * 1e3, 1.0);
  std::printf("%-30s %12.1f %14.0f\n", "check --stage=parse", parse * 1e3, parse / base);
  std::printf("%-30s %12.1f %14.0f\n", "check (parse + resolve)", check * 1e3, check / base);
  return ok && errors == 0 ? 0 : 1;
}
