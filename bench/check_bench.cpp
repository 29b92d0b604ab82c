// `wgslemu check` (parse + resolve) on a 5 000-line generated shader in the style compilers emit
// (many small functions, index arithmetic, loops, built-in calls), against a plain C++ loop over
// the same text, measured in the same run.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "bench/bench_util.h"
#include "bench/generated_module.h"
#include "base/diagnostics.h"
#include "base/source_text.h"
#include "interp/ast/ast_builder.h"
#include "interp/sema/resolver.h"

namespace {

using wgslemu::bench::medianSeconds;
using wgslemu::bench::plainLoop;
using wgslemu::bench::generate;


}  // namespace

int main(int argc, char** argv) {
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
