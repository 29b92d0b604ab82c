#include "tools/wgslemu/check_command.h"

#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>

#include "grammar/diagnostics.h"
#include "grammar/source_text.h"
#include "interp/ast/ast_builder.h"
#include "interp/ast/ast_dump.h"
#include "interp/sema/resolver.h"
#include "interp/uniformity/uniformity.h"
#include "tools/wgslemu/exit_codes.h"
#include "tools/wgslemu/input_file.h"
#include "tools/wgslemu/terminal.h"

namespace wgslemu {
namespace {

// The stages `check` can stop after, in pipeline order.
const char* const kStages[] = {"parse", "resolve", "uniformity"};

}  // namespace

void addCheckCommand(CLI::App& app, CheckOptions& opts) {
  CLI::App* check = app.add_subcommand("check", "Check that a WGSL module is valid; print diagnostics");
  check->add_option("file", opts.input, "WGSL source file, or - for standard input")->required();
  std::vector<std::string> stages(std::begin(kStages), std::end(kStages));
  stages.push_back("all");
  check->add_option("--stage", opts.stage, "Stop after this stage (default: all stages that exist)")
      ->check(CLI::IsMember(stages));
  check->add_flag("--explain-uniformity", opts.explain_uniformity,
                  "Print, per function and entry point, each uniformity requirement, its tags and why it holds or fails");
  check->add_flag("--no-subgroup-uniformity-scope", opts.no_subgroup_scope,
                  "Analyse subgroup operations at workgroup scope (as without the subgroup_uniformity language feature)");
  check->add_flag("--json", opts.json, "Print diagnostics as a JSON array on standard output");
  check->add_flag("--dump-ast", opts.dump_ast, "Print the syntax tree (S-expressions) on standard output");
  check->add_flag("-q,--quiet", opts.quiet, "Print nothing when the module is valid");
  check->add_option("--color", opts.color, "Colour diagnostics: auto, always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
}

int runCheck(const CheckOptions& opts) {
  std::string error;
  auto input = readInput(opts.input, error);
  if (!input) {
    std::fprintf(stderr, "wgslemu: error: %s\n", error.c_str());
    return kExitUsage;
  }
  wgsl::SourceFile file(input->name, std::move(input->bytes));
  wgsl::DiagnosticList diags;
  auto module = wgsl::ast::parseModule(file, diags);
  std::string stage_done = "parse";
  std::string explanation;
  if (module && opts.stage != "parse") {
    auto program = wgsl::sema::resolve(*module, diags);
    stage_done = "resolve";
    if (diags.hasErrors()) {
      module.reset();
    } else if (opts.stage != "resolve") {
      // The uniformity analysis runs on a module that resolved without errors.
      wgsl::uniformity::Options uo;
      uo.explain = opts.explain_uniformity;
      uo.subgroup_uniformity = !opts.no_subgroup_scope;
      uo.file = &file;
      auto result = wgsl::uniformity::analyze(*program, diags, uo);
      explanation = std::move(result.explanation);
      stage_done = "uniformity";
      if (diags.hasErrors()) module.reset();
    }
  }
  if (module && module->directives.empty() && module->decls.empty()) {
    // Valid (the grammar allows an empty translation unit) but almost certainly not intended.
    diags.warning({0, 0}, "the module is empty: it is valid WGSL but declares nothing");
  }
  diags.sortByLocation();

  if (opts.json) {
    std::fputs(wgsl::renderJson(file, diags.all()).c_str(), stdout);
    std::fputc('\n', stdout);
  } else if (!diags.empty()) {
    std::fputs(wgsl::renderText(file, diags.all(), useColor(opts.color)).c_str(), stderr);
  }
  if (!explanation.empty() && !opts.json) std::fputs(explanation.c_str(), stdout);
  if (!module) {
    if (!opts.json) {
      std::fprintf(stderr, "%s: %zu error%s\n", file.name().c_str(), diags.errorCount(),
                   diags.errorCount() == 1 ? "" : "s");
    }
    return kExitInvalid;
  }
  if (opts.dump_ast) std::fputs(wgsl::ast::dump(*module).c_str(), stdout);
  if (!opts.json && !opts.quiet && !opts.dump_ast) {
    size_t functions = 0;
    for (const auto& d : module->decls) functions += d.kind == wgsl::ast::GlobalKind::Function;
    std::printf("%s: valid (stage: %s): %zu directive%s, %zu declaration%s, %zu function%s\n",
                file.name().c_str(), stage_done.c_str(), module->directives.size(), module->directives.size() == 1 ? "" : "s",
                module->decls.size(), module->decls.size() == 1 ? "" : "s", functions,
                functions == 1 ? "" : "s");
  }
  return kExitOk;
}

}  // namespace wgslemu
