// `wgslemu explore`: dimensions, configurations, parallel runs, output variants and the verdict.
#include "tools/runspec/explore.h"

#include <fmt/format.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <map>
#include <mutex>

#include <unistd.h>

#include "interp/math/scalar_math.h"
#include "tools/runspec/compare.h"
#include "tools/runspec/runner.h"

namespace wgslemu::runspec {

using json = nlohmann::ordered_json;

namespace {

constexpr uint64_t kSaturated = ~uint64_t{0};

uint64_t mulSat(uint64_t a, uint64_t b) {
  if (a == 0 || b == 0) return 0;
  return a > kSaturated / b ? kSaturated : a * b;
}

std::vector<std::string> splitAt(const std::string& s, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    const size_t p = s.find(sep, start);
    out.push_back(s.substr(start, p == std::string::npos ? std::string::npos : p - start));
    if (p == std::string::npos) break;
    start = p + 1;
  }
  return out;
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// "" when `value` is acceptable for the option, else what is expected.
std::string validate(const RunOptionInfo& info, const std::string& value) {
  if (info.flag) return value == "true" || value == "false" ? "" : "expected true or false";
  return info.check ? info.check(value) : "";
}

// A text with number ranges: literal pieces and ranges, alternating.
struct RangedText {
  std::vector<std::string> literals;  // literals.size() == ranges.size() + 1
  std::vector<std::pair<uint64_t, uint64_t>> ranges;
};

// Finds the ranges A-B of `s` (a range starts the text or follows ':', '=' or '+', and ends it
// or is followed by ':' or '+').
bool findRanges(const std::string& s, RangedText& out, std::string& error) {
  out = RangedText{};
  std::string literal;
  size_t i = 0;
  while (i < s.size()) {
    const bool at_start = i == 0 || s[i - 1] == ':' || s[i - 1] == '=' || s[i - 1] == '+';
    if (at_start && isDigit(s[i])) {
      size_t j = i;
      while (j < s.size() && isDigit(s[j])) ++j;
      size_t k = j + 1;
      while (k < s.size() && isDigit(s[k])) ++k;
      const bool range = j < s.size() && s[j] == '-' && k > j + 1 && (k == s.size() || s[k] == ':' || s[k] == '+');
      if (range) {
        uint64_t a = 0, b = 0;
        if (!parseUnsignedOption(s.substr(i, j - i), kSaturated, a) ||
            !parseUnsignedOption(s.substr(j + 1, k - j - 1), kSaturated, b)) {
          error = fmt::format("'{}': the range '{}' has a number larger than 2^64 - 1", s, s.substr(i, k - i));
          return false;
        }
        if (a > b) {
          error = fmt::format("'{}': the range {}-{} is empty (write the smaller number first)", s, a, b);
          return false;
        }
        out.literals.push_back(literal);
        literal.clear();
        out.ranges.emplace_back(a, b);
        i = k;
        continue;
      }
      literal += s.substr(i, j - i);
      i = j;
      continue;
    }
    literal += s[i++];
  }
  out.literals.push_back(literal);
  return true;
}

uint64_t rangedCount(const RangedText& t) {
  uint64_t n = 1;
  for (const auto& [a, b] : t.ranges) n = mulSat(n, b - a == kSaturated ? kSaturated : b - a + 1);
  return n;
}

// The value number `index` of a ranged text (the last range varies fastest).
std::string rangedValue(const RangedText& t, uint64_t index) {
  std::vector<uint64_t> picks(t.ranges.size());
  for (size_t r = t.ranges.size(); r-- > 0;) {
    const uint64_t size = t.ranges[r].second - t.ranges[r].first + 1;
    picks[r] = t.ranges[r].first + index % size;
    index /= size;
  }
  std::string s = t.literals[0];
  for (size_t r = 0; r < t.ranges.size(); ++r) s += std::to_string(picks[r]) + t.literals[r + 1];
  return s;
}

// Expands one alternative into validated option values. `status`: 0 ok, 1 invalid (error set),
// 2 too many values (error set).
int expandAlternative(const RunOptionInfo& info, const std::string& alt, uint64_t max_values,
                      std::vector<std::string>& out, std::string& error) {
  if (alt.empty()) {
    error = "an empty value (two commas in a row, or a comma at an end)";
    return 1;
  }
  RangedText t;
  if (!findRanges(alt, t, error)) return 1;
  const uint64_t n = rangedCount(t);
  if (n > max_values) {
    error = fmt::format("'{}' stands for {} values, more than the limit of {} configurations", alt,
                        n == kSaturated ? std::string("more than 2^64") : std::to_string(n), max_values);
    return 2;
  }
  std::vector<std::string> values;
  for (uint64_t i = 0; i < n; ++i) {
    std::string v = rangedValue(t, i);
    std::string why = validate(info, v);
    if (!why.empty() && v.find('+') != std::string::npos) {
      std::string joined = v;
      std::replace(joined.begin(), joined.end(), '+', ',');
      if (validate(info, joined).empty()) {
        v = joined;
        why.clear();
      }
    }
    if (!why.empty()) {
      error = fmt::format("'{}' is not valid: {}", v, why);
      return 1;
    }
    values.push_back(std::move(v));
  }
  out.insert(out.end(), values.begin(), values.end());
  return 0;
}

}  // namespace

bool expandRanges(const std::string& text, uint64_t max_values, std::vector<std::string>& out, std::string& error) {
  out.clear();
  RangedText t;
  if (!findRanges(text, t, error)) return false;
  const uint64_t n = rangedCount(t);
  if (n > max_values) {
    error = fmt::format("'{}' stands for {} values, more than the limit of {}", text,
                        n == kSaturated ? std::string("more than 2^64") : std::to_string(n), max_values);
    return false;
  }
  for (uint64_t i = 0; i < n; ++i) out.push_back(rangedValue(t, i));
  return true;
}

bool parseDimension(const std::string& option, const std::string& list, uint64_t max_values, ExploreDimension& out,
                    std::string& error) {
  const RunOptionInfo* info = findRunOption(option);
  if (!info) {
    out = ExploreDimension{};
    error = fmt::format("--{}: not a run option (the options are: {})", option, runOptionNames());
    return false;
  }
  return parseDimension(*info, list, max_values, out, error);
}

bool parseDimension(const RunOptionInfo& info_ref, const std::string& list, uint64_t max_values, ExploreDimension& out,
                    std::string& error) {
  const RunOptionInfo* info = &info_ref;
  const std::string& option = info->name;
  out = ExploreDimension{};
  out.option = option;
  const std::vector<std::string> pieces = splitAt(list, ',');
  for (size_t i = 0; i < pieces.size();) {
    std::vector<std::string> values;
    std::string first_error;
    const uint64_t room = max_values - std::min<uint64_t>(max_values, out.values.size());
    int status = expandAlternative(*info, pieces[i], room, values, first_error);
    size_t j = i;
    std::string cur = pieces[i];
    // A comma the validator needs inside a value: merge with the following pieces.
    while (status == 1 && j + 1 < pieces.size() && !pieces[i].empty()) {
      cur += "," + pieces[++j];
      std::string ignored;
      values.clear();
      status = expandAlternative(*info, cur, room, values, ignored);
      if (status == 2) first_error = ignored;
    }
    if (status != 0) {
      error = fmt::format("--{}={}: {}", option, list, first_error);
      return false;
    }
    out.values.insert(out.values.end(), values.begin(), values.end());
    i = j + 1;
  }
  return true;
}

std::vector<ExploreDimension> defaultDimensions() {
  std::vector<ExploreDimension> dims;
  if (const RunOptionInfo* sched = findRunOption("scheduler")) {
    ExploreDimension d;
    d.option = "scheduler";
    // Strongest guarantee first, so the verdict names the strongest model that fails.
    for (const char* name : {"fair", "round-robin", "lobe", "obe", "hsa-obe", "hsa", "unfair"}) {
      if (validate(*sched, name).empty()) d.values.push_back(name);
    }
    if (!d.values.empty()) dims.push_back(d);
    if (findRunOption("seed")) dims.push_back({"seed", {"1", "2", "3", "4"}});
    if (!dims.empty()) return dims;
  }
  dims.push_back({"subgroup-size", {"4", "32", "128"}});
  return dims;
}

bool makePlan(const std::vector<std::pair<std::string, std::string>>& args, const std::string& seeds,
              uint64_t max_configurations, ExplorePlan& plan, std::string& error) {
  plan = ExplorePlan{};
  std::map<std::string, size_t> position;  // non-repeatable option -> its dimension
  std::vector<ExploreDimension> dims;
  for (const auto& [name, list] : args) {
    const RunOptionInfo* info = findRunOption(name);
    if (!info) {
      error = fmt::format("--{}: not a run option (the options are: {})", name, runOptionNames());
      return false;
    }
    if (name == "seed" && !seeds.empty()) {
      error = "--seed and --seeds both set the seed: give one of them";
      return false;
    }
    ExploreDimension d;
    if (!parseDimension(name, list, max_configurations, d, error)) return false;
    auto it = info->repeatable ? position.end() : position.find(name);
    if (it == position.end()) {
      if (!info->repeatable) position[name] = dims.size();
      dims.push_back(std::move(d));
    } else {
      auto& values = dims[it->second].values;
      values.insert(values.end(), d.values.begin(), d.values.end());
    }
  }
  if (!seeds.empty()) {
    ExploreDimension d;
    if (!parseDimension("seed", seeds, max_configurations, d, error)) {
      error.replace(0, std::string("--seed=").size(), "--seeds=");
      return false;
    }
    dims.push_back(std::move(d));
  }
  if (dims.empty()) dims = defaultDimensions();
  // The seed varies fastest: the verdict then names the lowest seed of the first failing setting.
  std::stable_partition(dims.begin(), dims.end(), [](const ExploreDimension& d) { return d.option != "seed"; });
  plan.dimensions = std::move(dims);
  const uint64_t n = configurationCount(plan);
  if (n > max_configurations) {
    std::string product;
    for (const auto& d : plan.dimensions) product += fmt::format("{}{} ({})", product.empty() ? "" : " x ", d.option, d.values.size());
    error = fmt::format("{} = {} configurations, more than the limit of {}: give fewer values, or raise the limit "
                        "with --max-configurations",
                        product, n == kSaturated ? std::string("more than 2^64") : std::to_string(n),
                        max_configurations);
    return false;
  }
  bool threads_varies = false;
  for (const auto& d : plan.dimensions) threads_varies = threads_varies || d.option == "threads";
  std::string ignored;
  if (!threads_varies && findRunOption("threads")) plan.fixed.set("threads", "1", ignored);
  plan.default_max_steps = findRunOption("hang-window") == nullptr;
  return true;
}

uint64_t configurationCount(const ExplorePlan& plan) {
  uint64_t n = 1;
  for (const auto& d : plan.dimensions) n = mulSat(n, d.values.size());
  return n;
}

std::vector<std::string> configurationValues(const ExplorePlan& plan, uint64_t index) {
  std::vector<std::string> v(plan.dimensions.size());
  for (size_t k = plan.dimensions.size(); k-- > 0;) {
    const auto& values = plan.dimensions[k].values;
    v[k] = values[index % values.size()];
    index /= values.size();
  }
  return v;
}

std::string configurationLabel(const ExplorePlan& plan, uint64_t index) {
  const auto values = configurationValues(plan, index);
  std::string s;
  for (size_t k = 0; k < values.size(); ++k) {
    s += fmt::format("{}--{}={}", s.empty() ? "" : " ", plan.dimensions[k].option, values[k]);
  }
  return s.empty() ? "(defaults)" : s;
}

namespace {

std::string shellQuote(const std::string& s) {
  bool plain = !s.empty();
  for (char c : s) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || std::strchr("_-./:=,+@%", c);
    plain = plain && ok;
  }
  if (plain) return s;
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

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
    case RunStatus::DynamicError: m = !r.events.empty() ? r.events.front().message : r.error; break;
    case RunStatus::Hang:
      m = r.error;
      // Where the workgroup was when the instruction limit stopped it.
      for (const auto& e : r.events) {
        if (e.kind != "instruction-limit") continue;
        m += fmt::format("; workgroup ({}, {}, {}) was at {}:{}:{}", e.workgroup[0], e.workgroup[1], e.workgroup[2],
                         e.file, e.line, e.column);
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

ExploreResult explore(const RunSpec& spec, const ExplorePlan& plan, const ExploreSettings& settings) {
  const auto start = std::chrono::steady_clock::now();
  ExploreResult res;
  res.spec = spec.path;
  res.plan = plan;
  for (const auto& b : spec.buffers) res.buffers.push_back(b.name);
  const uint64_t n = configurationCount(plan);
  res.configurations.resize(n);
  bool max_steps_in_dims = false;
  for (const auto& d : plan.dimensions) max_steps_in_dims = max_steps_in_dims || d.option == "max-steps";
  const bool add_max_steps = plan.default_max_steps && !max_steps_in_dims && !plan.fixed.has("max-steps") &&
                             !spec.options.count("max-steps") && findRunOption("max-steps");
  for (uint64_t i = 0; i < n; ++i) {
    ConfigurationResult& c = res.configurations[i];
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
  res.all_error = n > 0;
  for (const auto& c : res.configurations) res.all_error = res.all_error && c.outcome == "error";
  const ConfigurationResult* failing = nullptr;
  for (const auto& c : res.configurations) {
    if (c.outcome != "ok") {
      failing = &c;
      break;
    }
  }
  if (res.all_error) {
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
        const size_t b = static_cast<size_t>(
            std::find_if(spec.buffers.begin(), spec.buffers.end(), [&](const BufferSpec& s) { return s.name == d.name; }) -
            spec.buffers.begin());
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
      const BufferVariant* var = nullptr;
      for (const auto& x : which->variants)
        if (std::find(x.configurations.begin(), x.configurations.end(), differs->index) != x.configurations.end())
          var = &x;
      v.message = fmt::format("buffer '{}' differs from {}", which->name, res.configurations[0].label);
      if (var && var->first_index)
        v.message += fmt::format(" at [{}] ({} instead of {})", *var->first_index, var->first_value,
                                 var->first_reference);
      v.reproduce = commandFor(spec.path, plan, differs->options) + " --print=" + which->name + ":" +
                    toString(which->type == ElemType::U8 ? ElemType::U32 : which->type);
      v.reference = commandFor(spec.path, plan, res.configurations[0].options) + " --print=" + which->name + ":" +
                    toString(which->type == ElemType::U8 ? ElemType::U32 : which->type);
      v.line = fmt::format("not portable: outputs differ under {}: {}", v.label, v.message);
    }
  }
  // The schedule that replays the failing run exactly: from its report, else by running it once
  // more (runs are deterministic) with the `save-schedule` option of the scheduler work.
  if (!v.portable && !res.all_error && v.configuration) {
    const ConfigurationResult& c = res.configurations[*v.configuration];
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

namespace {

const char* const kOutcomeOrder[] = {"ok", "mismatch", "hang", "dynamic-error", "error"};

// A, B, ..., Z (only the first 26 variants are printed).
std::string variantName(size_t v) { return std::string(1, static_cast<char>('A' + v % 26)); }

std::string fixedText(const ExploreResult& r) {
  if (r.configurations.empty()) return "";
  // Options every configuration has that are not dimensions.
  std::string s;
  for (const auto& [name, value] : r.configurations[0].options.values) {
    bool dim = false;
    for (const auto& d : r.plan.dimensions) dim = dim || d.option == name;
    if (!dim) s += fmt::format(" --{}={}", name, value);
  }
  return s;
}

}  // namespace

std::string exploreText(const ExploreResult& r) {
  std::string s;
  std::string product;
  for (const auto& d : r.plan.dimensions) product += fmt::format("{}{} ({})", product.empty() ? "" : " x ", d.option, d.values.size());
  const size_t n = r.configurations.size();
  s += fmt::format("explore {}: {} configuration{} = {}; {} at a time; {:.2f} s\n", r.spec, n, n == 1 ? "" : "s",
                   product, r.jobs, r.seconds);
  const std::string fixed = fixedText(r);
  if (!fixed.empty()) s += "  every configuration also has" + fixed + "\n";
  s += "\n";
  for (const char* outcome : kOutcomeOrder) {
    std::vector<const ConfigurationResult*> group;
    for (const auto& c : r.configurations)
      if (c.outcome == outcome) group.push_back(&c);
    if (group.empty()) continue;
    s += fmt::format("{}: {} configuration{}\n", outcome, group.size(), group.size() == 1 ? "" : "s");
    const bool ok = std::string(outcome) == "ok";
    const size_t shown = std::min<size_t>(group.size(), ok ? 8 : 20);
    for (size_t i = 0; i < shown; ++i) {
      const auto& c = *group[i];
      s += "  " + c.label + (c.message.empty() ? "" : ": " + c.message) + "\n";
    }
    if (group.size() > shown) s += fmt::format("  ... and {} more\n", group.size() - shown);
  }
  s += "\n";
  size_t completed = 0;
  for (const auto& c : r.configurations) completed += c.has_outputs ? 1 : 0;
  if (completed == 0) {
    s += "outputs: no configuration completed its passes\n";
  } else if (r.differences.empty()) {
    s += fmt::format("outputs: the {} configuration{} that completed produced the same bytes in every buffer\n",
                     completed, completed == 1 ? "" : "s");
  } else {
    s += "buffers that differ between configurations:\n";
    for (const auto& d : r.differences) {
      s += fmt::format("  {} ({}, {} elements): {} variants{}\n", d.name, toString(d.type), d.elements,
                       d.variants.size(), d.ignored ? " (ignored for the verdict)" : "");
      for (size_t v = 0; v < d.variants.size() && v < 26; ++v) {
        const auto& var = d.variants[v];
        s += fmt::format("    {}: {} configuration{} (first: {})", variantName(v), var.configurations.size(),
                         var.configurations.size() == 1 ? "" : "s", r.configurations[var.configurations[0]].label);
        if (v == 0) {
          s += fmt::format(", hash {:016x}\n", var.hash);
          continue;
        }
        if (var.first_index) {
          s += fmt::format(", {} element{} differ from A, first at [{}]: {} instead of {}", var.differing,
                           var.differing == 1 ? "" : "s", *var.first_index, var.first_value, var.first_reference);
        }
        if (var.size_differs) s += ", size differs";
        if ((d.type == ElemType::F32 || d.type == ElemType::F16) && var.differing > var.nonfinite)
          s += fmt::format("; max {} ULP, max abs difference {:.6g}", var.max_ulp, var.max_abs);
        if (var.nonfinite) s += fmt::format("; {} non-finite", var.nonfinite);
        s += "\n";
      }
      if (d.variants.size() > 26) s += fmt::format("    ... and {} more variants\n", d.variants.size() - 26);
    }
  }
  s += "\n" + r.verdict.line + "\n";
  if (!r.verdict.portable) {
    if (!r.verdict.message.empty() && r.verdict.outcome != "outputs-differ" && !r.all_error)
      s += "  " + r.verdict.message + "\n";
    s += "  reproduce: " + r.verdict.reproduce + "\n";
    if (!r.verdict.reference.empty()) s += "  compare with: " + r.verdict.reference + "\n";
    if (!r.verdict.schedule_file.empty()) {
      s += "  or exactly: " + r.verdict.reproduce + " " + shellQuote("--schedule=" + r.verdict.schedule_file) + "\n";
    } else if (!r.verdict.schedule.empty()) {
      s += "  or exactly: save the schedule below as FILE (or use explore --schedule-out=FILE) and run: " +
           r.verdict.reproduce + " --schedule=FILE\n";
      const auto lines = splitAt(r.verdict.schedule, '\n');
      size_t shown = 0;
      for (const auto& line : lines) {
        if (line.empty()) continue;
        if (++shown > 40) {
          s += "    ... (the whole schedule is in the --json output)\n";
          break;
        }
        s += "    " + line + "\n";
      }
    }
  }
  return s;
}

json exploreJson(const ExploreResult& r) {
  json j;
  j["spec"] = r.spec;
  j["dimensions"] = json::array();
  for (const auto& d : r.plan.dimensions) j["dimensions"].push_back({{"option", d.option}, {"values", d.values}});
  j["jobs"] = r.jobs;
  json counts = json::object();
  for (const char* o : kOutcomeOrder) counts[o] = 0;
  j["configurations"] = json::array();
  for (const auto& c : r.configurations) {
    counts[c.outcome] = counts[c.outcome].get<uint64_t>() + 1;
    json opts = json::object();
    for (const auto& [name, value] : c.options.values) opts[name] = value;
    json cj = {{"index", c.index}, {"label", c.label}, {"options", opts}, {"outcome", c.outcome}};
    if (!c.message.empty()) cj["message"] = c.message;
    if (!c.details.empty()) cj["details"] = c.details;
    if (c.has_outputs) {
      json h = json::object();
      for (size_t b = 0; b < c.hashes.size() && b < r.buffers.size(); ++b) h[r.buffers[b]] = fmt::format("{:016x}", c.hashes[b]);
      cj["outputs"] = h;
    }
    cj["seconds"] = c.seconds;
    j["configurations"].push_back(std::move(cj));
  }
  j["outcomes"] = counts;
  j["differences"] = json::array();
  for (const auto& d : r.differences) {
    json dj = {{"buffer", d.name}, {"type", toString(d.type)}, {"elements", d.elements}, {"ignored", d.ignored},
               {"variants", json::array()}};
    for (size_t v = 0; v < d.variants.size(); ++v) {
      const auto& var = d.variants[v];
      json vj = {{"hash", fmt::format("{:016x}", var.hash)}, {"configurations", var.configurations}};
      if (v > 0) {
        vj["differing_elements"] = var.differing;
        if (var.first_index)
          vj["first_difference"] = {{"index", *var.first_index}, {"reference", var.first_reference}, {"value", var.first_value}};
        if (var.size_differs) vj["size_differs"] = true;
        if (d.type == ElemType::F32 || d.type == ElemType::F16) {
          vj["max_ulp"] = var.max_ulp;
          vj["max_abs"] = var.max_abs;
          vj["nonfinite"] = var.nonfinite;
        }
      }
      dj["variants"].push_back(std::move(vj));
    }
    j["differences"].push_back(std::move(dj));
  }
  json v = {{"portable", r.verdict.portable}, {"line", r.verdict.line}, {"outcome", r.verdict.outcome}};
  if (r.verdict.configuration) {
    v["configuration"] = *r.verdict.configuration;
    v["label"] = r.verdict.label;
    v["message"] = r.verdict.message;
    v["reproduce"] = r.verdict.reproduce;
  }
  if (!r.verdict.reference.empty()) v["reference"] = r.verdict.reference;
  if (!r.verdict.schedule.empty()) v["schedule"] = r.verdict.schedule;
  if (!r.verdict.schedule_file.empty()) v["schedule_file"] = r.verdict.schedule_file;
  j["verdict"] = v;
  j["seconds"] = r.seconds;
  return j;
}

}  // namespace wgslemu::runspec
