// `wgslemu explore`, part 1: dimension lists and ranges, plans, configurations.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "tools/runspec/explore.h"
#include "tools/runspec/explore_util.h"

namespace wgslemu::runspec {

using namespace explore_detail;

namespace {

constexpr uint64_t kSaturated = ~uint64_t{0};

uint64_t mulSat(uint64_t a, uint64_t b) {
  if (a == 0 || b == 0) return 0;
  return a > kSaturated / b ? kSaturated : a * b;
}


// "" when `value` is acceptable for the option, else the sentence of every door.
std::string validate(const RunOptionInfo& info, const std::string& value) {
  return wgsl::runtime::options::validateRunOption(info, value);
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
      error = why;
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

}  // namespace wgslemu::runspec
