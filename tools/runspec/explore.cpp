// `wgslemu explore`, part 2: running every configuration (TBB), output variants, the verdict.
#include <fmt/format.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

#include "interp/math/scalar_math.h"
#include "tools/runspec/compare.h"
#include "tools/runspec/explore.h"
#include "tools/runspec/explore_util.h"
#include "tools/runspec/runner.h"

namespace wgslemu::runspec {

using namespace explore_detail;
using json = nlohmann::ordered_json;

namespace {

// `--name=value` words for one option as `wgslemu run` takes them.
void appendOption(std::string& cmd, const std::string& name, const std::string& value) {
  const RunOptionInfo* info = findRunOption(name);
  if (info && info->flag) {
    if (value == "true") cmd += " --" + name;
    return;  // false is the default of a flag
  }
  const std::vector<std::string> parts = info && info->repeatable ? splitAt(value, '\n') : std::vector<std::string>{value};
  for (const auto& p : parts) cmd += " " + shellQuote("--" + name + "=" + p);
}

// The command for configuration `index`: its dimension options first (in plan order), then the
// others explore added.
std::string commandFor(const std::string& spec_path, const ExplorePlan& plan, const RunOptions& options) {
  std::string cmd = "wgslemu run " + shellQuote(spec_path);
  std::vector<std::string> done;
  for (const auto& d : plan.dimensions) {
    if (std::find(done.begin(), done.end(), d.option) != done.end()) continue;
    done.push_back(d.option);
    if (options.has(d.option)) appendOption(cmd, d.option, options.get(d.option));
  }
  for (const auto& [name, value] : options.values) {
    if (std::find(done.begin(), done.end(), name) == done.end()) appendOption(cmd, name, value);
  }
  return cmd;
}

uint64_t hashBytes(const std::vector<uint8_t>& b) {
  // FNV-1a over 8-byte words, then the tail and the length.
  uint64_t h = 0xcbf29ce484222325ull;
  size_t i = 0;
  for (; i + 8 <= b.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, b.data() + i, 8);
    h = (h ^ w) * 0x100000001b3ull;
    h ^= h >> 29;
  }
  for (; i < b.size(); ++i) h = (h ^ b[i]) * 0x100000001b3ull;
  h = (h ^ b.size()) * 0x100000001b3ull;
  return h ^ (h >> 32);
}

ElemType bufferType(const BufferSpec& b) {
  auto typed = [](const std::optional<DataSpec>& d) {
    return d && (d->kind == DataSpec::Array || d->kind == DataSpec::Fill || d->kind == DataSpec::Iota);
  };
  if (typed(b.expect)) return b.expect->type;
  if (typed(b.data)) return b.data->type;
  const uint64_t size = b.size ? *b.size : b.data ? b.data->bytes : 0;
  return size % 4 == 0 ? ElemType::U32 : ElemType::U8;
}

double elementValue(const std::vector<uint8_t>& bytes, uint64_t i, ElemType t) {
  const uint8_t* p = bytes.data() + i * elemSize(t);
  switch (t) {
    case ElemType::U8: return p[0];
    case ElemType::U32: {
      uint32_t v;
      std::memcpy(&v, p, 4);
      return v;
    }
    case ElemType::I32: {
      int32_t v;
      std::memcpy(&v, p, 4);
      return v;
    }
    case ElemType::F32: {
      float v;
      std::memcpy(&v, p, 4);
      return v;
    }
    case ElemType::F16: {
      uint16_t h;
      std::memcpy(&h, p, 2);
      return wgsl::math::f32FromF16(h);
    }
  }
  return 0;
}

std::string elementText(double v, ElemType t) {
  if (t == ElemType::F32 || t == ElemType::F16) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
    return fmt::format("{}", t == ElemType::F32 ? static_cast<double>(static_cast<float>(v)) : v);
  }
  return fmt::format("{}", static_cast<int64_t>(v));
}

// Fills the comparison fields of `v` (against the reference bytes).
void compareVariant(const std::vector<uint8_t>& ref, const std::vector<uint8_t>& got, ElemType t, BufferVariant& v) {
  v.size_differs = ref.size() != got.size();
  const uint32_t esz = elemSize(t);
  const uint64_t n = std::min(ref.size(), got.size()) / esz;
  const bool is_float = t == ElemType::F32 || t == ElemType::F16;
  for (uint64_t i = 0; i < n; ++i) {
    if (std::memcmp(ref.data() + i * esz, got.data() + i * esz, esz) == 0) continue;
    ++v.differing;
    const double a = elementValue(ref, i, t), b = elementValue(got, i, t);
    if (!v.first_index) {
      v.first_index = i;
      v.first_reference = elementText(a, t);
      v.first_value = elementText(b, t);
    }
    if (!is_float) continue;
    if (!std::isfinite(a) || !std::isfinite(b)) {
      ++v.nonfinite;
      continue;
    }
    v.max_ulp = std::max(v.max_ulp, ulpDistance(a, b, t == ElemType::F16));
    v.max_abs = std::max(v.max_abs, std::fabs(a - b));
  }
}

std::string firstLine(const std::string& s) {
  std::string line = s.substr(0, s.find('\n'));
  while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.pop_back();
  return line;
}

std::string outcomeOf(RunStatus s) {
  switch (s) {
    case RunStatus::Ok: return "ok";
    case RunStatus::Mismatch: return "mismatch";
    case RunStatus::Hang: return "hang";
    case RunStatus::DynamicError: return "dynamic-error";
    case RunStatus::Invalid:
    case RunStatus::Error: return "error";
  }
  return "error";
}

// One line saying why a run is not ok, without the spec's path (every line would repeat it).
std::string messageOf(const RunSpec& spec, const RunResult& r) {
  std::string m;
  switch (r.status) {
    case RunStatus::Ok: return "";
    case RunStatus::Mismatch:
      m = r.mismatches.empty() ? "" : describe(r.mismatches.front());
      if (r.mismatches.size() > 1) m += fmt::format(" (and {} more buffers)", r.mismatches.size() - 1);
      break;
    case RunStatus::DynamicError: m = !r.events.empty() ? r.events.front().event.message : r.error; break;
    case RunStatus::Hang:
      m = r.error;
      // Where the workgroup was when the instruction limit stopped it.
      for (const auto& re : r.events) {
        const wgsl::runtime::Event& e = re.event;
        if (e.kind != wgsl::runtime::Event::InstructionLimit) continue;
        m += fmt::format("; workgroup ({}, {}, {}) was at {}:{}:{}", e.workgroup_id[0], e.workgroup_id[1],
                         e.workgroup_id[2], e.location.file, e.location.line, e.location.column);
        break;
      }
      break;
    default: m = r.error; break;
  }
  m = firstLine(m);
  const std::string prefix = spec.path + ": ";
  if (m.rfind(prefix, 0) == 0) m = m.substr(prefix.size());
  return m;
}

// The replay schedule of a run, if its report carries one.
std::string scheduleOf(const RunSpec& spec, const RunResult& r) { return scheduleFromReport(reportJson(spec, r)); }

bool readWhole(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

constexpr size_t kMaxStoredVariants = 64;

}  // namespace

std::string scheduleFromReport(const nlohmann::ordered_json& report) {
  auto text = [](const json& s) -> std::string {
    if (s.is_string()) return s.get<std::string>();
    if (s.is_object() && s.contains("text") && s["text"].is_string()) return s["text"].get<std::string>();
    return "";
  };
  if (report.contains("schedule")) return text(report["schedule"]);
  // Per pass: the last pass that has one is the one that stopped.
  if (report.contains("passes") && report["passes"].is_array()) {
    for (auto it = report["passes"].rbegin(); it != report["passes"].rend(); ++it)
      if (it->is_object() && it->contains("schedule")) return text((*it)["schedule"]);
  }
  return "";
}

std::string reproduceCommand(const std::string& spec_path, const RunOptions& options) {
  return commandFor(spec_path, ExplorePlan{}, options);
}

const ConfigurationResult& configurationAt(const ExploreResult& r, uint64_t index) {
  auto it = std::lower_bound(r.configurations.begin(), r.configurations.end(), index,
                             [](const ConfigurationResult& c, uint64_t i) { return c.index < i; });
  return it != r.configurations.end() && it->index == index ? *it : r.configurations.at(0);
}

ExploreResult explore(const RunSpec& spec, const ExplorePlan& plan, const ExploreSettings& settings) {
  const auto start = std::chrono::steady_clock::now();
  ExploreResult res;
  res.spec = spec.path;
  res.plan = plan;
  for (const auto& b : spec.buffers) res.buffers.push_back(b.name);
  const uint64_t total = configurationCount(plan);
  res.total_configurations = total;
  res.shard = settings.shard;
  std::vector<uint64_t> selected;  // configuration indices this run covers, ascending
  for (uint64_t i = 0; i < total; ++i)
    if (i == 0 || settings.shard.contains(i)) selected.push_back(i);
  const uint64_t n = selected.size();
  res.configurations.resize(n);
  bool max_steps_in_dims = false;
  for (const auto& d : plan.dimensions) max_steps_in_dims = max_steps_in_dims || d.option == "max-steps";
  const bool add_max_steps = plan.default_max_steps && !max_steps_in_dims && !plan.fixed.has("max-steps") &&
                             !spec.options.count("max-steps") && findRunOption("max-steps");
  for (uint64_t k = 0; k < n; ++k) {
    const uint64_t i = selected[k];
    ConfigurationResult& c = res.configurations[k];
    c.index = i;
    c.label = configurationLabel(plan, i);
    c.options = plan.fixed;
    std::string ignored;
    if (add_max_steps) c.options.set("max-steps", std::to_string(kExploreDefaultMaxSteps), ignored);
    const auto values = configurationValues(plan, i);
    for (size_t k = 0; k < values.size(); ++k) c.options.set(plan.dimensions[k].option, values[k], ignored);
  }

  // Bytes of each distinct output per buffer (by hash), for the comparisons.
  std::vector<std::map<uint64_t, std::vector<uint8_t>>> stored(spec.buffers.size());
  std::mutex mu;
  std::atomic<bool> reports_have_schedule{false};
  uint64_t done = 0;  // guarded by mu
  auto runOne = [&](uint64_t i) {
    ConfigurationResult& c = res.configurations[i];
    const auto t0 = std::chrono::steady_clock::now();
    FinalBuffers finals;
    const RunResult r = runSpec(spec, c.options, &finals);
    c.outcome = outcomeOf(r.status);
    c.message = messageOf(spec, r);
    if (r.status != RunStatus::Ok) c.details = summaryText(spec, r);
    for (const RunEvent& re : r.events) {
      const wgsl::runtime::Event& e = re.event;
      if (e.kind != wgsl::runtime::Event::OutOfBounds || e.location.file.empty()) continue;
      c.first_oob = fmt::format("{}:{}:{}", e.location.file, e.location.line, e.location.column);
      break;
    }
    c.schedule = scheduleOf(spec, r);
    if (!c.schedule.empty()) reports_have_schedule = true;
    if (r.status == RunStatus::Ok) c.schedule.clear();  // kept only where the verdict may need it
    if (finals.size() == spec.buffers.size()) {
      c.has_outputs = true;
      c.hashes.resize(finals.size());
      for (size_t b = 0; b < finals.size(); ++b) c.hashes[b] = hashBytes(finals[b].second);
      std::lock_guard<std::mutex> lock(mu);
      for (size_t b = 0; b < finals.size(); ++b) {
        if (stored[b].size() < kMaxStoredVariants && !stored[b].count(c.hashes[b]))
          stored[b].emplace(c.hashes[b], std::move(finals[b].second));
      }
    }
    c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (settings.progress) {
      std::lock_guard<std::mutex> lock(mu);
      settings.progress(++done, n);
    }
  };
  const int jobs = settings.jobs ? static_cast<int>(settings.jobs) : tbb::task_arena::automatic;
  tbb::task_arena arena(jobs);
  res.jobs = static_cast<unsigned>(arena.max_concurrency());
  arena.execute([&] {
    tbb::parallel_for(tbb::blocked_range<uint64_t>(0, n, 1), [&](const tbb::blocked_range<uint64_t>& r) {
      for (uint64_t i = r.begin(); i != r.end(); ++i) runOne(i);
    });
  });

  // Variants of every buffer, in configuration order.
  for (size_t b = 0; b < spec.buffers.size(); ++b) {
    BufferDifference diff;
    diff.name = spec.buffers[b].name;
    diff.type = bufferType(spec.buffers[b]);
    diff.ignored = settings.ignore.count(diff.name) != 0;
    for (const auto& c : res.configurations) {
      if (!c.has_outputs) continue;
      auto it = std::find_if(diff.variants.begin(), diff.variants.end(),
                             [&](const BufferVariant& v) { return v.hash == c.hashes[b]; });
      if (it == diff.variants.end()) {
        diff.variants.push_back(BufferVariant{});
        diff.variants.back().hash = c.hashes[b];
        it = diff.variants.end() - 1;
      }
      it->configurations.push_back(c.index);
    }
    if (diff.variants.size() < 2) continue;
    auto ref = stored[b].find(diff.variants[0].hash);
    if (ref != stored[b].end()) diff.elements = ref->second.size() / elemSize(diff.type);
    for (size_t v = 1; v < diff.variants.size(); ++v) {
      auto got = stored[b].find(diff.variants[v].hash);
      if (ref != stored[b].end() && got != stored[b].end())
        compareVariant(ref->second, got->second, diff.type, diff.variants[v]);
    }
    res.differences.push_back(std::move(diff));
  }

  // The verdict.
  ExploreVerdict& v = res.verdict;
  auto bufferIndex = [&](const BufferDifference& d) {
    return static_cast<size_t>(
        std::find_if(spec.buffers.begin(), spec.buffers.end(), [&](const BufferSpec& s) { return s.name == d.name; }) -
        spec.buffers.begin());
  };
  // "buffer 'B' differs from CONFIGURATION-0 at [i] (X instead of Y)"
  auto differenceMessage = [&](const ConfigurationResult& c, const BufferDifference& d) {
    const BufferVariant* var = nullptr;
    for (const auto& x : d.variants)
      if (std::find(x.configurations.begin(), x.configurations.end(), c.index) != x.configurations.end()) var = &x;
    std::string m = fmt::format("buffer '{}' differs from {}", d.name, res.configurations[0].label);
    if (var && var->first_index)
      m += fmt::format(" at [{}] ({} instead of {})", *var->first_index, var->first_value, var->first_reference);
    return m;
  };
  // Outputs that depend on the out-of-bounds policy (`--oob` as a dimension) are a latent
  // out-of-bounds bug, whatever the runs' outcomes: that is the verdict, with the first access.
  const ConfigurationResult* oob_dependent = nullptr;
  const BufferDifference* oob_buffer = nullptr;
  if (n > 1 && res.configurations[0].has_outputs) {
    const ConfigurationResult& c0 = res.configurations[0];
    for (const auto& c : res.configurations) {
      if (!c.has_outputs || c.options.get("oob", "report") == c0.options.get("oob", "report")) continue;
      if (c.first_oob.empty() && c0.first_oob.empty()) continue;
      for (const auto& d : res.differences) {
        if (d.ignored || c.hashes[bufferIndex(d)] == c0.hashes[bufferIndex(d)]) continue;
        oob_dependent = &c;
        oob_buffer = &d;
        break;
      }
      if (oob_dependent) break;
    }
  }
  res.all_error = n > 0;
  for (const auto& c : res.configurations) res.all_error = res.all_error && c.outcome == "error";
  const ConfigurationResult* failing = nullptr;
  for (const auto& c : res.configurations) {
    if (c.outcome != "ok") {
      failing = &c;
      break;
    }
  }
  if (oob_dependent) {
    const ConfigurationResult& c = *oob_dependent;
    const std::string print = " --print=" + oob_buffer->name + ":" +
                              toString(oob_buffer->type == ElemType::U8 ? ElemType::U32 : oob_buffer->type);
    v.outcome = "oob-dependent";
    v.configuration = c.index;
    v.label = c.label;
    v.message = differenceMessage(c, *oob_buffer);
    v.reproduce = commandFor(spec.path, plan, c.options) + print;
    v.reference = commandFor(spec.path, plan, res.configurations[0].options) + print;
    v.line = fmt::format("not portable: latent out-of-bounds bug: the outputs depend on the out-of-bounds policy "
                         "(under {}, {}); first out-of-bounds access at {}",
                         c.label, v.message, c.first_oob.empty() ? res.configurations[0].first_oob : c.first_oob);
  } else if (res.all_error) {
    v.outcome = "error";
    v.configuration = 0;
    v.label = res.configurations[0].label;
    v.message = res.configurations[0].message;
    v.reproduce = commandFor(spec.path, plan, res.configurations[0].options);
    v.line = "cannot judge: no configuration could run: " + v.message;
  } else if (failing) {
    v.outcome = failing->outcome;
    v.configuration = failing->index;
    v.label = failing->label;
    v.message = failing->message;
    v.reproduce = commandFor(spec.path, plan, failing->options);
    v.schedule = failing->schedule;
    v.line = fmt::format("not portable: {} under {}", v.outcome, v.label);
  } else {
    // Every configuration is ok: the first whose outputs differ from configuration 0.
    const ConfigurationResult* differs = nullptr;
    const BufferDifference* which = nullptr;
    for (const auto& c : res.configurations) {
      for (const auto& d : res.differences) {
        if (d.ignored) continue;
        const size_t b = bufferIndex(d);
        if (c.hashes[b] != res.configurations[0].hashes[b]) {
          differs = &c;
          which = &d;
          break;
        }
      }
      if (differs) break;
    }
    if (!differs) {
      v.portable = true;
      v.outcome = "ok";
      std::string ignored;
      for (const auto& name : settings.ignore) ignored += (ignored.empty() ? "" : ", ") + name;
      v.line = fmt::format("portable: {} configuration{} ok with identical outputs{}", n, n == 1 ? "" : "s",
                           ignored.empty() ? "" : " (ignoring " + ignored + ")");
    } else {
      v.outcome = "outputs-differ";
      v.configuration = differs->index;
      v.label = differs->label;
      v.message = differenceMessage(*differs, *which);
      v.reproduce = commandFor(spec.path, plan, differs->options) + " --print=" + which->name + ":" +
                    toString(which->type == ElemType::U8 ? ElemType::U32 : which->type);
      v.reference = commandFor(spec.path, plan, res.configurations[0].options) + " --print=" + which->name + ":" +
                    toString(which->type == ElemType::U8 ? ElemType::U32 : which->type);
      v.line = fmt::format("not portable: outputs differ under {}: {}", v.label, v.message);
    }
  }
  // Out-of-bounds accesses in a run whose outputs are wrong or differ: say where the first was.
  if (!v.portable && !res.all_error && v.configuration && (v.outcome == "outputs-differ" || v.outcome == "mismatch")) {
    std::string oob = configurationAt(res, *v.configuration).first_oob;
    if (oob.empty()) oob = res.configurations[0].first_oob;
    if (!oob.empty()) v.line += fmt::format(" (the run made out-of-bounds accesses, first at {})", oob);
  }
  // The schedule that replays the failing run exactly: from its report, else by running it once
  // more (runs are deterministic) with the `save-schedule` option of the scheduler work.
  if (!v.portable && !res.all_error && v.configuration) {
    const ConfigurationResult& c = configurationAt(res, *v.configuration);
    v.schedule = c.schedule;
    if (v.schedule.empty() && reports_have_schedule) {
      FinalBuffers unused;
      v.schedule = scheduleOf(spec, runSpec(spec, c.options, &unused));
    }
    if ((v.schedule.empty() || !settings.schedule_file.empty()) && findRunOption("save-schedule")) {
      static std::atomic<uint64_t> counter{0};
      const bool temporary = settings.schedule_file.empty();
      const std::string file =
          temporary ? (std::filesystem::temp_directory_path() /
                       fmt::format("wgslemu-explore-{}-{}.schedule", static_cast<long>(::getpid()), counter++))
                          .string()
                    : settings.schedule_file;
      RunOptions o = c.options;
      std::string ignored;
      if (o.set("save-schedule", file, ignored)) {
        FinalBuffers unused;
        runSpec(spec, o, &unused);
        std::string text;
        if (readWhole(file, text) && !text.empty()) {
          v.schedule = text;
          if (!temporary) v.schedule_file = file;
        }
      }
      std::error_code ec;
      if (temporary) std::filesystem::remove(file, ec);
    }
  }
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return res;
}

}  // namespace wgslemu::runspec
