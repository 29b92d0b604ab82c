#include "tools/wgslemu/check_command.h"

#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <cstdio>
#include <cstdlib>

#include "base/diagnostics.h"
#include "base/source_text.h"
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
  check->add_option("files", opts.inputs,
                    "WGSL source files, or - for standard input; with several, one verdict per file");
  check->add_option("--files-from", opts.files_from,
                    "Also check the files listed in this file, one path per line (- for standard input)");
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

// Checks one file and prints its diagnostics and verdict. In batch JSON mode the verdict is
// added to `batch_json` instead of printing the single-file array.
static int checkOne(const CheckOptions& opts, const std::string& path, nlohmann::json* batch_json) {
  std::string error;
  auto input = readInput(path, error);
  if (!input) {
    if (batch_json != nullptr) {
      batch_json->push_back({{"file", path}, {"verdict", "unreadable"}, {"error", error}, {"diagnostics", nlohmann::json::array()}});
    } else {
      std::fprintf(stderr, "wgslemu: error: %s\n", error.c_str());
    }
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

  if (batch_json != nullptr) {
    batch_json->push_back({{"file", file.name()},
                           {"verdict", module ? "valid" : "invalid"},
                           {"stage", stage_done},
                           {"errors", diags.errorCount()},
                           {"diagnostics", nlohmann::json::parse(wgsl::renderJson(file, diags.all()))}});
  } else if (opts.json) {
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

namespace {

// Appends the non-empty lines of `list` (a path, or "-") to `out`.
bool readFileList(const std::string& list, std::vector<std::string>& out, std::string& error) {
  auto input = readInput(list, error);
  if (!input) return false;
  size_t b = 0;
  const std::string& s = input->bytes;
  while (b < s.size()) {
    size_t e = s.find('\n', b);
    if (e == std::string::npos) e = s.size();
    std::string line = s.substr(b, e - b);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) out.push_back(std::move(line));
    b = e + 1;
  }
  return true;
}

}  // namespace

int runCheck(const CheckOptions& opts) {
  std::vector<std::string> paths = opts.inputs;
  if (!opts.files_from.empty()) {
    std::string error;
    if (!readFileList(opts.files_from, paths, error)) {
      std::fprintf(stderr, "wgslemu: error: --files-from: %s\n", error.c_str());
      return kExitUsage;
    }
  }
  if (paths.empty()) {
    std::fprintf(stderr, "wgslemu: error: check: no input files (give files, or --files-from LIST)\n");
    return kExitUsage;
  }
  if (paths.size() == 1 && opts.files_from.empty()) return checkOne(opts, paths[0], nullptr);

  // Batch mode: every file is checked and gets a verdict; the exit status is the worst one
  // (usage error for an unreadable file, then invalid, then valid).
  nlohmann::json batch = nlohmann::json::array();
  int worst = kExitOk;
  size_t valid = 0, invalid = 0, unreadable = 0;
  for (const std::string& path : paths) {
    const int status = checkOne(opts, path, opts.json ? &batch : nullptr);
    if (status == kExitOk) ++valid;
    else if (status == kExitInvalid) ++invalid;
    else ++unreadable;
    if (status == kExitUsage || (status == kExitInvalid && worst == kExitOk)) worst = status;
  }
  if (opts.json) {
    std::fputs(batch.dump(2).c_str(), stdout);
    std::fputc('\n', stdout);
  } else if (!opts.quiet || invalid + unreadable > 0) {
    std::fprintf(invalid + unreadable > 0 ? stderr : stdout, "checked %zu files: %zu valid, %zu invalid%s\n",
                 paths.size(), valid, invalid,
                 unreadable > 0 ? fmt::format(", {} unreadable", unreadable).c_str() : "");
  }
  return worst;
}

}  // namespace wgslemu
