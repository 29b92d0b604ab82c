// `wgslemu run`: execute a run spec, or a .wgsl file with buffers given on the command line.
#include "tools/wgslemu/run_command.h"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>

#include "interp/math/scalar_math.h"
#include "tools/runspec/progress_line.h"
#include "tools/wgslemu/exit_codes.h"
#include "tools/wgslemu/input_file.h"

namespace wgslemu {

using json = nlohmann::ordered_json;

bool CommonRunOptions::toRunOptions(runspec::RunOptions& out, std::string& error) const {
  out = runspec::RunOptions{};
  // Validated here rather than by CLI11, so that a bad value is reported in the same sentence
  // as through a run spec, `wgslemu exec` and the C API (runtime/options).
  for (const auto& [name, list] : values)
    for (const auto& v : list)
      if (!out.set(name, v, error)) return false;
  for (const auto& [name, on] : flags)
    if (on && !out.set(name, "true", error)) return false;
  return true;
}

// The command-line options generated from the table of run options.
void addCommonRunOptions(CLI::App* cmd, CommonRunOptions& c) {
  for (const runspec::RunOptionInfo& info : runspec::runOptionTable()) {
    if (info.flag) {
      cmd->add_flag("--" + info.name, c.flags[info.name], info.help);
      continue;
    }
    auto* opt = cmd->add_option("--" + info.name, c.values[info.name], info.help)->type_name(info.value);
    if (!info.repeatable) opt->expected(1)->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  }
}

namespace {

// Splits "a=b" at the first '='.
bool splitAssign(const std::string& s, std::string& lhs, std::string& rhs) {
  auto eq = s.find('=');
  if (eq == std::string::npos || eq == 0) return false;
  lhs = s.substr(0, eq);
  rhs = s.substr(eq + 1);
  return true;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    auto p = s.find(sep, start);
    out.push_back(s.substr(start, p == std::string::npos ? std::string::npos : p - start));
    if (p == std::string::npos) break;
    start = p + 1;
  }
  return out;
}

// A number or, for floats, nan/inf: as JSON.
bool numberJson(const std::string& t, json& out) {
  if (t == "nan" || t == "inf" || t == "-inf" || t == "+inf") {
    out = t;
    return true;
  }
  if (t.rfind("0x", 0) == 0) {
    out = t;
    return true;
  }
  try {
    size_t used = 0;
    if (t.find_first_of(".eE") == std::string::npos) {
      long long v = std::stoll(t, &used);
      if (used != t.size()) return false;
      out = v;
    } else {
      double v = std::stod(t, &used);
      if (used != t.size()) return false;
      out = v;
    }
    return true;
  } catch (...) {
    return false;
  }
}

// The DATA shorthand of the command line (docs/run-spec.md):
//   TYPE:V1,V2,...   zero:BYTES   size:BYTES   fill:TYPE:VALUE:COUNT   iota:TYPE:START:COUNT   file:PATH
bool dataJson(const std::string& text, json& out, std::string& error) {
  auto colon = text.find(':');
  const std::string form = text.substr(0, colon);
  const std::string rest = colon == std::string::npos ? "" : text.substr(colon + 1);
  auto bad = [&](const std::string& why) {
    error = fmt::format("'{}': {} (forms: TYPE:V1,V2,..., zero:BYTES, fill:TYPE:VALUE:COUNT, "
                        "iota:TYPE:START:COUNT, file:PATH; TYPE is u32, i32, f32, f16 or u8)",
                        text, why);
    return false;
  };
  if (colon == std::string::npos) return bad("missing ':'");
  if (form == "file") {
    out = {{"file", rest}};
    return true;
  }
  if (form == "zero" || form == "size") {
    json n;
    if (!numberJson(rest, n) || !n.is_number_integer()) return bad("expected a byte count");
    out = {{"zero", n}};
    return true;
  }
  if (form == "fill" || form == "iota") {
    auto parts = split(rest, ':');
    json v, n;
    if (parts.size() != 3 || !numberJson(parts[1], v) || !numberJson(parts[2], n)) {
      return bad(fmt::format("expected {}:TYPE:{}:COUNT", form, form == "fill" ? "VALUE" : "START"));
    }
    out = {{form, {{parts[0], v}, {"count", n}}}};
    return true;
  }
  json arr = json::array();
  if (!rest.empty()) {
    for (const auto& item : split(rest, ',')) {
      json v;
      if (!numberJson(item, v)) return bad(fmt::format("'{}' is not a number", item));
      arr.push_back(v);
    }
  }
  out = {{form, arr}};
  return true;
}

std::string formatElement(const uint8_t* p, const std::string& type) {
  if (type == "u8") return std::to_string(p[0]);
  if (type == "i32") {
    int32_t v;
    std::memcpy(&v, p, 4);
    return std::to_string(v);
  }
  if (type == "f32") {
    float v;
    std::memcpy(&v, p, 4);
    return fmt::format("{}", v);
  }
  if (type == "f16") {
    uint16_t h;
    std::memcpy(&h, p, 2);
    return fmt::format("{}", wgsl::math::f32FromF16(h));
  }
  uint32_t v;
  std::memcpy(&v, p, 4);
  return std::to_string(v);
}

}  // namespace

std::string specFromCommandLine(const RunCommandOptions& opts, std::string& error) {
  json spec;
  json buffers = json::object();
  for (const auto& b : opts.buffers) {
    std::string name, data;
    if (!splitAssign(b, name, data)) {
      error = fmt::format("--buffer '{}': expected NAME=DATA, e.g. out=zero:1024 or in=f32:1,2,3", b);
      return "";
    }
    json d;
    if (!dataJson(data, d, error)) {
      error = "--buffer " + name + ": " + error;
      return "";
    }
    if (d.contains("zero")) buffers[name]["size"] = d["zero"];
    else buffers[name]["data"] = d;
  }
  for (const auto& e : opts.expects) {
    std::string name, data;
    json d;
    if (!splitAssign(e, name, data) || !dataJson(data, d, error)) {
      error = fmt::format("--expect '{}': expected NAME=DATA{}", e, error.empty() ? "" : ": " + error);
      return "";
    }
    if (!buffers.contains(name)) {
      error = fmt::format("--expect {}: no buffer named '{}' (declare it with --buffer)", name, name);
      return "";
    }
    buffers[name]["expect"] = d;
  }
  for (const auto& s : opts.saves) {
    std::string name, path;
    if (!splitAssign(s, name, path) || path.empty()) {
      error = fmt::format("--save '{}': expected NAME=PATH", s);
      return "";
    }
    if (!buffers.contains(name)) {
      error = fmt::format("--save {}: no buffer named '{}' (declare it with --buffer)", name, name);
      return "";
    }
    buffers[name]["save"] = path;
  }
  json pass;
  pass["shader"] = opts.input;
  if (!opts.entry.empty()) pass["entry"] = opts.entry;
  if (!opts.overrides.empty()) {
    json o = json::object();
    for (const auto& ov : opts.overrides) {
      std::string name, value;
      json v;
      if (!splitAssign(ov, name, value) || !(numberJson(value, v) || value == "true" || value == "false")) {
        error = fmt::format("--override '{}': expected NAME=NUMBER (or ID=NUMBER)", ov);
        return "";
      }
      o[name] = value == "true" ? json(true) : value == "false" ? json(false) : v;
    }
    pass["overrides"] = o;
  }
  json dispatch = json::array();
  for (const auto& part : split(opts.dispatch.empty() ? "1" : opts.dispatch, ',')) {
    json v;
    if (!numberJson(part, v) || !v.is_number_integer()) {
      error = fmt::format("--dispatch '{}': expected X[,Y[,Z]] workgroup counts", opts.dispatch);
      return "";
    }
    dispatch.push_back(v);
  }
  pass["dispatch"] = dispatch;
  json bind = json::object();
  for (const auto& b : opts.binds) {
    std::string slot, name;
    if (!splitAssign(b, slot, name)) {
      error = fmt::format("--bind '{}': expected GROUP:BINDING=NAME, e.g. 0:1=out", b);
      return "";
    }
    bind[slot] = name;
  }
  pass["bind"] = bind;
  spec["buffers"] = buffers;
  spec["passes"] = json::array({pass});
  return spec.dump(2);
}

void addRunCommand(CLI::App& app, RunCommandOptions& opts) {
  CLI::App* run = app.add_subcommand("run", "Run a run spec (SPEC.json) or a compute shader (FILE.wgsl)");
  addRunInputOptions(run, opts);
  run->add_option("--report", opts.report, "Write the JSON report to this file");
  run->add_option("--print", opts.prints, "Print a buffer's final contents: NAME[:TYPE], TYPE u32 (default), i32, "
                                          "f32, f16 or u8 (repeatable)");
}

void addRunInputOptions(CLI::App* cmd, RunCommandOptions& opts) {
  cmd->add_option("input", opts.input, "SPEC.json, or FILE.wgsl with --dispatch/--buffer/--bind")->required();
  addCommonRunOptions(cmd, opts.common);
  cmd->add_option("--entry", opts.entry, "FILE.wgsl: the entry point (default: the only compute entry point)");
  cmd->add_option("--dispatch", opts.dispatch, "FILE.wgsl: workgroup counts X[,Y[,Z]] (default 1)");
  cmd->add_option("--buffer", opts.buffers, "FILE.wgsl: NAME=DATA, e.g. in=f32:1,2,3 or out=zero:64 (repeatable)");
  cmd->add_option("--bind", opts.binds, "FILE.wgsl: GROUP:BINDING=NAME (repeatable)");
  cmd->add_option("--override", opts.overrides, "FILE.wgsl: NAME=VALUE or ID=VALUE (repeatable)");
  cmd->add_option("--expect", opts.expects, "FILE.wgsl: NAME=DATA, the expected final contents (repeatable)");
  cmd->add_option("--save", opts.saves, "FILE.wgsl: NAME=PATH, write the final contents (repeatable)");
}

std::optional<runspec::RunSpec> loadRunInput(const RunCommandOptions& opts, std::string& error) {
  const bool is_wgsl = opts.input.size() > 5 && opts.input.substr(opts.input.size() - 5) == ".wgsl";
  const bool wgsl_flags = !opts.entry.empty() || !opts.dispatch.empty() || !opts.buffers.empty() ||
                          !opts.binds.empty() || !opts.overrides.empty() || !opts.expects.empty() || !opts.saves.empty();
  if (!is_wgsl && wgsl_flags) {
    error = "--entry, --dispatch, --buffer, --bind, --override, --expect and --save belong to 'run FILE.wgsl'; a spec "
            "file gives these itself";
    return std::nullopt;
  }
  std::string text, path = opts.input;
  if (is_wgsl) {
    text = specFromCommandLine(opts, error);
    if (text.empty()) return std::nullopt;
    path = "<command line>";
  } else {
    auto input = readInput(opts.input, error);
    if (!input) return std::nullopt;
    text = std::move(input->bytes);
  }
  auto spec = runspec::parseRunSpec(text, path, error);
  if (!spec) return std::nullopt;
  if (is_wgsl) {
    // Paths on the command line are relative to the working directory.
    spec->folder = ".";
    spec->passes[0].shader_path = opts.input;
    spec->path = opts.input;
  }
  return spec;
}

int runRun(const RunCommandOptions& opts) {
  runspec::RunOptions run_options;
  std::string option_error;
  if (!opts.common.toRunOptions(run_options, option_error)) {
    std::fprintf(stderr, "wgslemu: error: %s\n", option_error.c_str());
    return kExitUsage;
  }
  std::string error;
  auto spec = loadRunInput(opts, error);
  if (!spec) {
    std::fprintf(stderr, "wgslemu: error: %s\n", error.c_str());
    return kExitUsage;
  }
  // Validate --print before running.
  std::vector<std::pair<std::string, std::string>> prints;
  for (const auto& p : opts.prints) {
    auto colon = p.find(':');
    std::string name = p.substr(0, colon), type = colon == std::string::npos ? "u32" : p.substr(colon + 1);
    if (!spec->buffer(name)) {
      std::fprintf(stderr, "wgslemu: error: --print %s: no buffer named '%s'\n", p.c_str(), name.c_str());
      return kExitUsage;
    }
    if (type != "u32" && type != "i32" && type != "f32" && type != "f16" && type != "u8") {
      std::fprintf(stderr, "wgslemu: error: --print %s: unknown type '%s' (u32, i32, f32, f16 or u8)\n", p.c_str(),
                   type.c_str());
      return kExitUsage;
    }
    prints.emplace_back(name, type);
  }
  runspec::FinalBuffers finals;
  run_options.progress = runspec::wantProgress();
  runspec::RunResult result = runspec::runSpec(*spec, run_options, prints.empty() ? nullptr : &finals);
  std::fputs(runspec::summaryText(*spec, result).c_str(), stderr);
  for (const auto& [name, type] : prints) {
    for (const auto& [bname, bytes] : finals) {
      if (bname != name) continue;
      const size_t esz = type == "u8" ? 1 : type == "f16" ? 2 : 4;
      std::string line = name + ":";
      for (size_t i = 0; i + esz <= bytes.size(); i += esz) line += " " + formatElement(bytes.data() + i, type);
      std::puts(line.c_str());
    }
  }
  if (!opts.report.empty()) {
    const std::string tmp = opts.report + ".partial";
    std::ofstream out(tmp, std::ios::trunc);
    out << runspec::reportJson(*spec, result).dump(2) << "\n";
    out.close();
    if (!out || std::rename(tmp.c_str(), opts.report.c_str()) != 0) {
      std::remove(tmp.c_str());
      std::fprintf(stderr, "wgslemu: error: cannot write the report to '%s'\n", opts.report.c_str());
      return kExitUsage;
    }
  }
  return runspec::exitCode(result.status);
}

}  // namespace wgslemu
