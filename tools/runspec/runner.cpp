// Executing a run spec on a wgslemu device.
#include "tools/runspec/runner.h"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <array>
#include <tuple>
#include <sstream>

#include "runtime/event_report.h"
#include "runtime/runtime.h"
#include "tools/runspec/progress_line.h"

namespace wgslemu::runspec {

namespace rt = wgsl::runtime;
namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

const char* toString(RunStatus s) {
  switch (s) {
    case RunStatus::Ok: return "ok";
    case RunStatus::Mismatch: return "mismatch";
    case RunStatus::Hang: return "hang";
    case RunStatus::DynamicError: return "dynamic-error";
    case RunStatus::Invalid: return "invalid";
    case RunStatus::Error: return "error";
  }
  return "error";
}

int exitCode(RunStatus s) {
  switch (s) {
    case RunStatus::Ok: return 0;
    case RunStatus::Mismatch: return 1;
    case RunStatus::Invalid: return 1;
    case RunStatus::Error: return 2;
    case RunStatus::Hang: return 3;
    case RunStatus::DynamicError: return 4;
  }
  return 2;
}

namespace {

// Events a pass keeps for the report unless --max-events says otherwise.
constexpr size_t kDefaultMaxEvents = 10000;

constexpr size_t kMaxShaderBytes = 256u << 20;

bool readText(const std::string& path, std::string& out, std::string& error) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    error = fmt::format("'{}' is a directory, not a WGSL file", path);
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = fmt::format("cannot read '{}': {}", path, std::strerror(errno));
    return false;
  }
  in.seekg(0, std::ios::end);
  const auto size = static_cast<uint64_t>(in.tellg());
  if (size > kMaxShaderBytes) {
    error = fmt::format("'{}' is {} bytes; shaders larger than {} bytes are refused", path, size, kMaxShaderBytes);
    return false;
  }
  in.seekg(0);
  out.assign(size, '\0');
  in.read(out.data(), static_cast<std::streamsize>(size));
  return true;
}

struct PreparedPass {
  const PassSpec* spec = nullptr;
  rt::ComputePipeline pipeline;
  std::string entry;
  std::string shader_name;
};

class Runner {
 public:
  Runner(const RunSpec& spec, const RunOptions& cli, FinalBuffers* finals, const RunControl* control)
      : spec_(spec), cli_(cli), finals_(finals), control_(control) {}

  RunResult run() {
    const auto start = std::chrono::steady_clock::now();
    runAll();
    result_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return std::move(result_);
  }

 private:
  void fail(RunStatus s, std::string message) {
    result_.status = s;
    result_.error = std::move(message);
  }

  void runAll() {
    std::string error;
    if (!effectiveOptions(spec_, cli_, result_.options, error)) return fail(RunStatus::Error, error);
    rt::DeviceOptions dopts;
    dopts.max_events = kDefaultMaxEvents;
    if (!rt::options::toDeviceOptions(result_.options, dopts, module_options_, error))
      return fail(RunStatus::Error, error);
    dopts.debug = cli_.debug;
    try {
      device_ = std::make_unique<rt::Device>(dopts);
    } catch (const std::exception& e) {
      return fail(RunStatus::Error, e.what());
    }
    // Everything is validated before anything runs.
    if (!checkBuffers() || !checkSavePaths() || !preparePasses()) return;
    if (!createBuffers()) return;
    size_t first = 0;
    if (control_ && control_->resume) {
      if (!resume(*control_->resume)) return;
      first = control_->resume->pass;
    }
    for (size_t i = first; i < prepared_.size(); ++i) {
      if (control_ && control_->pass_begins) control_->pass_begins(i, [this, i]() { return checkpoint(i); });
      if (!runPass(i)) return;
    }
    checkExpectations();
    saveBuffers();
    saveScheduleFiles();
    if (finals_) {
      for (const auto& b : spec_.buffers) {
        const rt::Buffer& buf = buffers_.at(b.name);
        std::vector<uint8_t> bytes(buf.size());
        buf.read(0, bytes.data(), bytes.size());
        finals_->emplace_back(b.name, std::move(bytes));
      }
    }
  }

  // ---- Checkpoints (a debugger's snapshots)
  std::shared_ptr<const PassCheckpoint> checkpoint(size_t pass) const {
    auto c = std::make_shared<PassCheckpoint>();
    c->pass = pass;
    for (const auto& b : spec_.buffers) {
      const rt::Buffer& buf = buffers_.at(b.name);
      c->buffers.emplace_back(buf.data(), buf.data() + buf.size());
    }
    c->so_far.status = result_.status;
    c->so_far.passes = result_.passes;
    c->so_far.events = result_.events;
    c->so_far.event_count = result_.event_count;
    c->timeline_svg = timeline_svg_;
    c->timeline_text = timeline_text_;
    c->dispatches = device_->dispatchCount();
    return c;
  }

  bool resume(const PassCheckpoint& c) {
    if (c.pass > prepared_.size() || c.buffers.size() != spec_.buffers.size()) {
      fail(RunStatus::Error, fmt::format("{}: the checkpoint to resume from is not of this spec", spec_.path));
      return false;
    }
    for (size_t i = 0; i < spec_.buffers.size(); ++i) {
      rt::Buffer& buf = buffers_.at(spec_.buffers[i].name);
      if (buf.size() != c.buffers[i].size()) {
        fail(RunStatus::Error, fmt::format("{}: the checkpoint to resume from is not of this spec", spec_.path));
        return false;
      }
      buf.write(0, c.buffers[i].data(), c.buffers[i].size());
    }
    result_.status = c.so_far.status;
    result_.passes = c.so_far.passes;
    result_.events = c.so_far.events;
    result_.event_count = c.so_far.event_count;
    timeline_svg_ = c.timeline_svg;
    timeline_text_ = c.timeline_text;
    device_->setDispatchCount(c.dispatches);
    return true;
  }

  // ---- Timelines and schedule files
  void saveScheduleFiles() {
    const RunOptions& o = result_.options;
    auto write = [&](const std::string& option, const std::string& path, const std::string& text) {
      std::ofstream out(path, std::ios::binary | std::ios::trunc);
      out << text;
      out.close();
      if (!out) fail(RunStatus::Error, fmt::format("--{}: cannot write '{}'", option, path));
    };
    if (!timeline_svg_.empty() && o.has("timeline")) {
      const std::string path = o.get("timeline");
      const bool html = path.size() > 5 && path.compare(path.size() - 5, 5, ".html") == 0;
      write("timeline", path,
            html ? "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>wgslemu schedule</title></head><body>\n" +
                       timeline_svg_ + "\n<pre>\n" + timeline_text_ + "</pre>\n</body></html>\n"
                 : timeline_svg_);
    }
    if (o.has("save-schedule") && !result_.passes.empty()) {
      std::string text = "# wgslemu schedule (" + result_.passes.back().scheduler + "); replay with --schedule=FILE\n";
      if (spec_.passes.size() == 1) {
        text += result_.passes.back().schedule;
      } else {  // one section per dispatch that ran
        for (const PassResult& p : result_.passes)
          if (p.dispatch_number && !p.schedule.empty()) text += fmt::format("dispatch {}:\n{}", p.dispatch_number, p.schedule);
      }
      write("save-schedule", o.get("save-schedule"), text);
    }
  }

  // A run spec's buffers have at least one byte; the device's rules come from the device.
  bool checkBuffers() {
    for (const auto& b : spec_.buffers) {
      const uint64_t size = b.size ? *b.size : b.data->bytes;
      if (size == 0) {
        fail(RunStatus::Error, fmt::format("{}: {}: a buffer must have at least 1 byte", spec_.path, b.where));
        return false;
      }
      if (!failOnFindings(b.where, device_->validateBuffer(size))) return false;
    }
    return true;
  }

  // The first finding of the device's validation as the spec's error ("SPEC: WHERE.FIELD: ...").
  bool failOnFindings(const std::string& where, const rt::Findings& findings, const std::string& hint = "") {
    if (findings.empty()) return true;
    const rt::Finding& f = findings.front();
    const bool field = !f.field.empty() && f.field != "size" && f.field != "usage";
    fail(RunStatus::Error, fmt::format("{}: {}{}: {}{}", spec_.path, where, field ? "." + f.field : std::string(),
                                       f.message, f.rule == rt::Finding::Rule::Unbound ? hint : std::string()));
    return false;
  }

  bool checkSavePaths() {
    for (const auto& b : spec_.buffers) {
      if (!b.save) continue;
      fs::path p(*b.save);
      fs::path dir = p.has_parent_path() ? p.parent_path() : fs::path(".");
      std::error_code ec;
      if (!fs::is_directory(dir, ec)) {
        fail(RunStatus::Error, fmt::format("{}: {}.save: the folder '{}' does not exist", spec_.path, b.where,
                                           dir.string()));
        return false;
      }
      if (fs::is_directory(p, ec)) {
        fail(RunStatus::Error, fmt::format("{}: {}.save: '{}' is a folder", spec_.path, b.where, p.string()));
        return false;
      }
    }
    return true;
  }

  const rt::ShaderModule* module(const PassSpec& p, std::string& name) {
    std::string key, source;
    if (p.shader_path) {
      key = "file:" + *p.shader_path;
      name = *p.shader_path;
    } else {
      key = "source:" + *p.source;
      name = fmt::format("{} ({})", spec_.path, p.where);
    }
    auto it = modules_.find(key);
    if (it != modules_.end()) return &it->second;
    if (p.shader_path) {
      std::string error;
      if (!readText(*p.shader_path, source, error)) {
        fail(RunStatus::Error, fmt::format("{}: {}.shader: {}", spec_.path, p.where, error));
        return nullptr;
      }
    } else {
      source = *p.source;
    }
    rt::ShaderModule m = device_->createShaderModule(source, name, module_options_);
    if (!m.ok()) {
      // A module that only the uniformity analysis rejects shows those errors and the way out.
      const bool uniformity_only = m.uniformityErrorCount() == m.errorCount();
      fail(RunStatus::Invalid,
           uniformity_only ? m.uniformityDiagnostics() + name +
                                 ": rejected by the uniformity analysis (run with --allow-nonuniform to run it and "
                                 "check uniformity dynamically)\n"
                           : m.diagnostics());
      return nullptr;
    }
    result_.static_uniformity_errors += m.uniformityErrorCount();
    result_.uniformity_warnings += m.uniformityDiagnostics();
    return &modules_.emplace(key, std::move(m)).first->second;
  }

  bool preparePasses() {
    for (const auto& p : spec_.passes) {
      PreparedPass pp;
      pp.spec = &p;
      const rt::ShaderModule* m = module(p, pp.shader_name);
      if (!m) return false;
      pp.entry = p.entry;
      if (pp.entry.empty()) {
        auto eps = m->entryPoints();
        if (eps.size() != 1) {
          std::string list;
          for (const auto& e : eps) list += (list.empty() ? "" : ", ") + e;
          fail(RunStatus::Error, fmt::format("{}: {}: the shader has {} compute entry points{}; say which with \"entry\"",
                                             spec_.path, p.where, eps.size(), list.empty() ? "" : " (" + list + ")"));
          return false;
        }
        pp.entry = eps[0];
      }
      rt::OverrideValues ov;
      for (const auto& o : p.overrides) ov[o.key] = o.value;
      try {
        pp.pipeline = device_->createComputePipeline(*m, pp.entry, ov);
      } catch (const rt::Error& e) {
        fail(e.kind() == rt::Error::Kind::Shader ? RunStatus::Invalid : RunStatus::Error,
             fmt::format("{}: {}: {}", spec_.path, p.where, e.what()));
        return false;
      } catch (const std::exception& e) {
        fail(RunStatus::Error, fmt::format("{}: {}: {}", spec_.path, p.where, e.what()));
        return false;
      }
      if (!checkBindings(pp)) return false;
      if (p.dispatch) {
        for (int k = 0; k < 3; ++k) {
          const uint32_t n = (*p.dispatch)[k];
          if (n == 0) {  // a run spec's rule: WebGPU allows an empty dispatch
            fail(RunStatus::Error, fmt::format("{}: {}.dispatch: {} workgroups in dimension {}: each count must be at "
                                               "least 1",
                                               spec_.path, p.where, n, "xyz"[k]));
            return false;
          }
        }
        const auto& d = *p.dispatch;
        if (!failOnFindings(p.where, device_->validateDispatch(pp.pipeline, d[0], d[1], d[2]))) return false;
      } else {
        const BufferSpec* b = spec_.buffer(p.dispatch_indirect->buffer);
        const uint64_t size = b->size ? *b->size : b->data->bytes;
        if (!failOnFindings(p.where, device_->validateIndirect(size, rt::kUsageAll, p.dispatch_indirect->offset, b->name)))
          return false;
      }
      prepared_.push_back(std::move(pp));
    }
    return true;
  }

  // The pass's bindings against its pipeline, by the device's rules, before any buffer exists.
  bool checkBindings(const PreparedPass& pp) {
    const PassSpec& p = *pp.spec;
    std::vector<rt::BindingPlan> plan;
    for (const auto& bind : p.binds) {
      const BufferSpec* b = spec_.buffer(bind.buffer);
      plan.push_back(rt::BindingPlan{bind.group, bind.binding, b, b->name, b->size ? *b->size : b->data->bytes});
    }
    const rt::Findings findings = device_->validateBindings(pp.pipeline, plan);
    if (findings.empty()) return true;
    const rt::Finding& f = findings.front();
    std::string hint;
    if (f.rule == rt::Finding::Rule::Unbound) {
      for (const auto& b : pp.pipeline.bindings()) {
        bool bound = false;
        for (const auto& bind : p.binds) bound = bound || (bind.group == b.group && bind.binding == b.binding);
        if (!bound) {
          hint = fmt::format("; add \"{}:{}\": BUFFER to \"bind\"", b.group, b.binding);
          break;
        }
      }
    }
    return failOnFindings(p.where, findings, hint);
  }

  bool createBuffers() {
    for (const auto& b : spec_.buffers) {
      const uint64_t size = b.size ? *b.size : b.data->bytes;
      try {
        rt::Buffer buf = device_->createBuffer(size);
        if (b.data) {
          std::vector<uint8_t> bytes;
          std::string error;
          if (!materialize(*b.data, bytes, error)) {
            fail(RunStatus::Error, fmt::format("{}: {}", spec_.path, error));
            return false;
          }
          buf.write(0, bytes.data(), bytes.size());
        }
        buffers_[b.name] = buf;
      } catch (const std::bad_alloc&) {
        fail(RunStatus::Error, fmt::format("{}: {}: out of memory allocating {} bytes", spec_.path, b.where, size));
        return false;
      } catch (const std::exception& e) {
        fail(RunStatus::Error, fmt::format("{}: {}: {}", spec_.path, b.where, e.what()));
        return false;
      }
    }
    return true;
  }

  bool runPass(size_t index) {
    const PreparedPass& pp = prepared_[index];
    const PassSpec& p = *pp.spec;
    rt::BindGroup bg;
    for (const auto& bind : p.binds) bg.bind(bind.group, bind.binding, buffers_.at(bind.buffer));
    PassResult pr;
    pr.entry = pp.entry;
    rt::Report report;
    const auto start = std::chrono::steady_clock::now();
    std::unique_ptr<ProgressLine> progress;
    if (cli_.progress) {
      progress = std::make_unique<ProgressLine>(*device_, fmt::format("pass {}/{} ({})", index + 1, prepared_.size(), pp.entry));
    }
    const uint64_t dispatches_before = device_->dispatchCount();
    try {
      if (p.dispatch) {
        for (int k = 0; k < 3; ++k) pr.dispatch[k] = (*p.dispatch)[k];
        report = device_->dispatch(pp.pipeline, {bg}, pr.dispatch[0], pr.dispatch[1], pr.dispatch[2]);
      } else {
        const rt::Buffer& ind = buffers_.at(p.dispatch_indirect->buffer);
        auto counts = ind.read<uint32_t>(p.dispatch_indirect->offset, 3);
        for (int k = 0; k < 3; ++k) pr.dispatch[k] = counts[k];
        report = device_->dispatchIndirect(pp.pipeline, {bg}, ind, p.dispatch_indirect->offset);
      }
    } catch (const std::exception& e) {
      fail(RunStatus::Error, fmt::format("{}: {}: {}", spec_.path, p.where, e.what()));
      return false;
    }
    progress.reset();
    if (device_->dispatchCount() > dispatches_before) pr.dispatch_number = device_->dispatchCount();
    pr.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    pr.workgroups = report.stats.workgroups;
    pr.instructions = report.stats.instructions;
    // Scheduling.
    pr.scheduler = report.scheduler;
    pr.subgroup_size = report.subgroup_size;
    pr.steps = report.steps;
    pr.hang = report.hang;
    pr.hang_summary = report.hang_summary;
    pr.schedule = report.schedule;
    pr.workgroup_stats = json::array();
    for (const auto& w : report.workgroups) {
      json ws = {{"id", w.id}, {"started", w.started}, {"returned", w.returned}};
      if (w.started) ws["first_step"] = w.first_step;
      if (w.returned) ws["end_step"] = w.end_step;
      ws["steps"] = w.steps;
      ws["preemptions"] = w.preemptions;
      ws["spin_steps"] = w.spin_steps;
      ws["barrier_waits"] = w.barrier_waits;
      pr.workgroup_stats.push_back(std::move(ws));
    }
    if (!report.timeline_svg.empty() && (timeline_svg_.empty() || !report.hang.empty())) {
      timeline_svg_ = report.timeline_svg;
      timeline_text_ = report.timeline_text;
    }
    result_.passes.push_back(pr);
    for (auto& e : report.events) result_.events.push_back(RunEvent{index, std::move(e)});
    result_.event_count += report.event_count;
    switch (report.status) {
      case rt::Status::Ok: return true;
      case rt::Status::DynamicError:
        result_.status = RunStatus::DynamicError;
        return true;  // the run completed; later passes still run
      case rt::Status::UniformityError:
        fail(RunStatus::DynamicError, fmt::format("{}: {}: stopped by a dynamic error", spec_.path, p.where));
        return false;
      case rt::Status::Hang:
        fail(RunStatus::Hang, fmt::format("{}: {}: {}", spec_.path, p.where, report.hang));
        saveScheduleFiles();
        return false;
      case rt::Status::Trapped:  // --oob=trap
        fail(RunStatus::DynamicError, fmt::format("{}: {}: stopped at an out-of-bounds access (--oob=trap)", spec_.path,
                                                  p.where));
        return false;
      case rt::Status::InstructionLimit:
        fail(RunStatus::Hang, fmt::format("{}: {}: a workgroup ran more than {} instructions (--max-steps): it "
                                          "probably never finishes",
                                          spec_.path, p.where, result_.options.get("max-steps")));
        return false;
    }
    return true;
  }

  void checkExpectations() {
    for (const auto& b : spec_.buffers) {
      if (!b.expect) continue;
      std::vector<uint8_t> expected;
      std::string error;
      if (!materialize(*b.expect, expected, error)) return fail(RunStatus::Error, fmt::format("{}: {}", spec_.path, error));
      const rt::Buffer& buf = buffers_.at(b.name);
      std::vector<uint8_t> actual(expected.size());
      buf.read(0, actual.data(), actual.size());
      if (auto m = compareBuffer(b.name, *b.expect, expected, actual, b.tolerance)) result_.mismatches.push_back(*m);
    }
    if (!result_.mismatches.empty() && result_.status == RunStatus::Ok) result_.status = RunStatus::Mismatch;
  }

  void saveBuffers() {
    for (const auto& b : spec_.buffers) {
      if (!b.save) continue;
      const rt::Buffer& buf = buffers_.at(b.name);
      std::vector<uint8_t> bytes(buf.size());
      buf.read(0, bytes.data(), bytes.size());
      // Written to a temporary name first, so a failure never leaves a partial file behind.
      const std::string tmp = *b.save + ".partial";
      std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
      bool ok = out && out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
      out.close();
      std::error_code ec;
      if (ok) fs::rename(tmp, *b.save, ec);
      if (!ok || ec) {
        fs::remove(tmp, ec);
        fail(RunStatus::Error, fmt::format("{}: {}.save: cannot write '{}'", spec_.path, b.where, *b.save));
        return;
      }
    }
  }

  const RunSpec& spec_;
  const RunOptions& cli_;
  FinalBuffers* finals_;
  const RunControl* control_;
  RunResult result_;
  std::unique_ptr<rt::Device> device_;
  rt::ShaderModuleOptions module_options_;
  std::map<std::string, rt::ShaderModule> modules_;
  std::vector<PreparedPass> prepared_;
  std::map<std::string, rt::Buffer> buffers_;
  std::string timeline_svg_, timeline_text_;
};

// The verdict of --allow-nonuniform.
bool reachedUniformly(const RunResult& r) {
  for (const auto& e : r.events)
    if (e.event.kind == rt::Event::BarrierDivergence || e.event.kind == rt::Event::NonUniformCollective) return false;
  return true;
}

json uniformityJson(const RunResult& r) {
  return {{"static_errors", r.static_uniformity_errors},
          {"dynamic", r.passes.empty() ? "not run" : reachedUniformly(r) ? "uniform" : "non-uniform"}};
}

std::string uniformityLine(const RunResult& r) {
  const std::string stat = r.static_uniformity_errors
                               ? fmt::format("the static analysis reported {} uniformity error{} (allowed)",
                                             r.static_uniformity_errors, r.static_uniformity_errors == 1 ? "" : "s")
                               : std::string("the static analysis found no uniformity error");
  if (r.passes.empty()) return "uniformity: " + stat + "; nothing ran";
  return "uniformity: " + stat + "; when run, " +
         (reachedUniformly(r) ? std::string("every barrier and collective operation was reached uniformly")
                              : std::string("some barrier or collective operation was reached in non-uniform control "
                                            "flow (see the events)"));
}

// One line per kind of event, source location and pass (runtime/event_report.h).
std::string eventSummary(const RunResult& r) {
  rt::EventSummary lines;
  for (const auto& e : r.events) lines.add(e.event, e.pass);
  return lines.text(r.event_count, {"--max-events=N keeps more; --report=FILE.json lists every event kept",
                                    "--report=FILE.json lists each one"});
}

}  // namespace

bool effectiveOptions(const RunSpec& spec, const RunOptions& cli, RunOptions& out, std::string& error) {
  out = RunOptions{};
  for (const auto& [name, value] : spec.options) {
    std::string why;
    const RunOptionInfo* info = findRunOption(name);
    size_t start = 0;
    for (;;) {  // repeatable options: one value per line
      const size_t nl = info && info->repeatable ? value.find('\n', start) : std::string::npos;
      if (!out.set(name, value.substr(start, nl == std::string::npos ? std::string::npos : nl - start), why)) {
        error = fmt::format("{}: options.{}", spec.path, why);
        return false;
      }
      if (nl == std::string::npos) break;
      start = nl + 1;
    }
  }
  out.overlay(cli);
  return true;
}

uint64_t PassCheckpoint::bytes() const {
  uint64_t n = sizeof(PassCheckpoint) + timeline_svg.size() + timeline_text.size();
  for (const auto& b : buffers) n += b.size();
  return n + so_far.events.size() * sizeof(RunEvent) + so_far.passes.size() * sizeof(PassResult);
}

RunResult runSpec(const RunSpec& spec, const RunOptions& cli, FinalBuffers* finals, const RunControl* control) {
  try {
    return Runner(spec, cli, finals, control).run();
  } catch (const std::bad_alloc&) {
    RunResult r;
    r.status = RunStatus::Error;
    r.error = fmt::format("{}: out of memory", spec.path);
    return r;
  } catch (const std::exception& e) {
    RunResult r;
    r.status = RunStatus::Error;
    r.error = fmt::format("{}: internal error: {}", spec.path, e.what());
    return r;
  }
}

// The command that reproduces a run exactly (the step-wise schedulers are
// deterministic given their options and the seed).
std::string replayCommand(const RunSpec& spec, const RunResult& r) {
  std::string cmd = "wgslemu run " + spec.path;
  for (const auto& [name, value] : r.options.values) {
    if (name == "timeline" || name == "save-schedule") continue;
    const RunOptionInfo* info = findRunOption(name);
    if (info && info->flag) {
      if (value == "true") cmd += " --" + name;
    } else {
      cmd += " --" + name + "=" + value;
    }
  }
  if (!r.options.has("seed")) cmd += " --seed=0";
  return cmd;
}

json reportJson(const RunSpec& spec, const RunResult& r) {
  json j;
  j["spec"] = spec.path;
  j["status"] = toString(r.status);
  if (!r.error.empty()) j["error"] = r.error;
  j["passes"] = json::array();
  for (size_t i = 0; i < r.passes.size(); ++i) {
    const auto& p = r.passes[i];
    j["passes"].push_back({{"entry", p.entry},
                           {"dispatch", {p.dispatch[0], p.dispatch[1], p.dispatch[2]}},
                           {"workgroups", p.workgroups},
                           {"instructions", p.instructions},
                           {"seconds", p.seconds}});
    // Scheduling.
    json& jp = j["passes"].back();
    jp["scheduler"] = p.scheduler;
    jp["subgroup_size"] = p.subgroup_size;
    if (p.steps) jp["steps"] = p.steps;
    if (!p.hang.empty()) jp["hang"] = {{"summary", p.hang_summary}, {"report", p.hang}};
    if (!p.workgroup_stats.empty()) jp["workgroup_stats"] = p.workgroup_stats;
    if (!p.schedule.empty()) jp["schedule"] = p.schedule;
  }
  j["events"] = json::array();
  for (const auto& e : r.events) {
    const json fields = rt::eventJson(e.event);
    json ev = {{"kind", fields["kind"]}, {"pass", e.pass}};  // the run's own field after the kind
    for (auto it = fields.begin(); it != fields.end(); ++it) ev[it.key()] = it.value();
    j["events"].push_back(std::move(ev));
  }
  j["event_count"] = r.event_count;
  j["events_dropped"] = r.event_count > r.events.size() ? r.event_count - r.events.size() : 0;
  j["mismatches"] = json::array();
  for (const auto& m : r.mismatches) {
    json mm = {{"buffer", m.buffer}, {"type", m.type == ElemType::U8 ? "bytes" : toString(m.type)},
               {"count", m.count}, {"compared", m.compared}, {"first", json::array()}};
    for (const auto& e : m.first) mm["first"].push_back({{"index", e.index}, {"expected", e.expected}, {"got", e.got}});
    j["mismatches"].push_back(std::move(mm));
  }
  json opts = json::object();
  for (const auto& [name, value] : r.options.values) {
    const RunOptionInfo* info = findRunOption(name);
    if (auto n = r.options.number(name)) opts[name] = *n;
    else if (info && info->flag) opts[name] = value == "true";
    else opts[name] = value;
  }
  j["options"] = opts;
  if (r.status == RunStatus::Hang && !r.passes.empty() && !r.passes.back().scheduler.empty())
    j["replay"] = replayCommand(spec, r);
  if (r.options.flag("allow-nonuniform")) j["uniformity"] = uniformityJson(r);
  j["seconds"] = r.seconds;
  return j;
}

std::string summaryText(const RunSpec& spec, const RunResult& r) {
  uint64_t workgroups = 0, instructions = 0;
  for (const auto& p : r.passes) {
    workgroups += p.workgroups;
    instructions += p.instructions;
  }
  std::string s;
  if (r.status == RunStatus::Invalid || r.status == RunStatus::Error) {
    s = r.error;
    if (!s.empty() && s.back() != '\n') s += '\n';
    return s;
  }
  s = fmt::format("{}: {}: {} pass{}, {} workgroup{}, {} instructions, {:.3f} s, {} event{}\n", spec.path,
                  toString(r.status), r.passes.size(), r.passes.size() == 1 ? "" : "es", workgroups,
                  workgroups == 1 ? "" : "s", instructions, r.seconds, r.event_count, r.event_count == 1 ? "" : "s");
  s += eventSummary(r);
  for (const auto& m : r.mismatches) s += "  mismatch: " + describe(m) + "\n";
  if (!r.error.empty()) s += "  " + r.error + "\n";
  if (r.status == RunStatus::Hang && !r.passes.empty() && !r.passes.back().scheduler.empty()) {
    s += "  replay: " + replayCommand(spec, r) + "\n";
  }
  if (r.options.flag("allow-nonuniform")) s = r.uniformity_warnings + s + "  " + uniformityLine(r) + "\n";
  return s;
}

}  // namespace wgslemu::runspec
