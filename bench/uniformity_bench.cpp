// The uniformity analysis on a generated shader of several thousand lines whose functions form
// one deep call chain (each calls the previous one inside a loop, the last one reaches a
// barrier), against a plain C++ loop over the same text, measured in the same run.
#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "bench/bench_util.h"
#include "base/diagnostics.h"
#include "base/source_text.h"
#include "interp/ast/ast_builder.h"
#include "interp/sema/resolver.h"
#include "interp/uniformity/uniformity.h"

namespace {

using wgslemu::bench::medianSeconds;
using wgslemu::bench::plainLoop;

std::string generate(int target_lines, int& functions) {
  std::string s =
      "@group(0) @binding(0) var<storage, read_write> out: array<u32>;\n"
      "@group(0) @binding(1) var<uniform> params: vec4<u32>;\n"
      "var<workgroup> shared_value: u32;\n"
      "fn f_0(a: u32, p: ptr<function, u32>) -> u32 {\n"
      "  if a > 3u { workgroupBarrier(); }\n"
      "  *p = *p + a;\n"
      "  return a * 2u;\n"
      "}\n";
  int lines = 8, k = 1;
  while (lines < target_lines - 10) {
    s += fmt::format(
        "fn f_{0}(a: u32, p: ptr<function, u32>) -> u32 {{\n"
        "  var acc = a;\n"
        "  for (var i = 0u; i < a % 8u; i++) {{\n"
        "    if acc > i {{ acc += f_{1}(a + i, p); }} else {{ acc ^= i; }}\n"
        "  }}\n"
        "  let w = workgroupUniformLoad(&shared_value);\n"
        "  switch (w + a) % 3u {{ case 0u {{ acc += 1u; }} default {{ }} }}\n"
        "  loop {{ if acc > 100u || w == {0}u {{ break; }} acc += 7u; continuing {{ break if acc > 50u; }} }}\n"
        "  *p = *p + acc;\n"
        "  return acc;\n"
        "}}\n",
        k, k - 1);
    lines += 11;
    ++k;
  }
  functions = k;
  s += fmt::format(
      "@compute @workgroup_size(64)\n"
      "fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {{\n"
      "  var x = 0u;\n"
      "  let r = f_{}(wid.x + params.x, &x);\n"
      "  out[lid] = r + x;\n"
      "}}\n",
      k - 1);
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  const int lines = argc > 1 ? std::atoi(argv[1]) : 5000;
  int functions = 0;
  const std::string src = generate(lines, functions);
  wgsl::SourceFile file("generated.wgsl", src);
  wgsl::DiagnosticList diags;
  auto module = wgsl::ast::parseModule(file, diags);
  if (!module) {
    std::fputs(wgsl::renderText(file, diags.all()).substr(0, 1500).c_str(), stderr);
    return 1;
  }
  auto program = wgsl::sema::resolve(*module, diags);
  if (diags.hasErrors()) {
    std::fputs(wgsl::renderText(file, diags.all()).substr(0, 1500).c_str(), stderr);
    return 1;
  }
  size_t sink = 0;
  const double base = medianSeconds(21, [&] { sink += plainLoop(src); });
  size_t errors = 0;
  const double uni = medianSeconds(11, [&] {
    wgsl::DiagnosticList d;
    errors = wgsl::uniformity::analyze(*program, d).errors;
  });
  const double resolve = medianSeconds(5, [&] {
    wgsl::DiagnosticList d;
    wgsl::sema::resolve(*module, d);
  });
  std::printf("input: %u lines, %.0f KiB, %d functions in one call chain, valid=%s (checksum %zu)\n",
              file.lineCount(), static_cast<double>(src.size()) / 1024, functions, errors == 0 ? "yes" : "NO", sink);
  std::printf("%-30s %12s %14s\n", "stage", "ms", "x plain loop");
  std::printf("%-30s %12.3f %14.1f\n", "plain C++ loop (one pass)", base * 1e3, 1.0);
  std::printf("%-30s %12.2f %14.0f\n", "uniformity analysis", uni * 1e3, uni / base);
  std::printf("%-30s %12.2f %14.0f\n", "resolve (for comparison)", resolve * 1e3, resolve / base);
  return errors == 0 ? 0 : 1;
}
