// `wgslemu explore`, part 3: the report as text and as JSON.
#include <fmt/format.h>

#include <algorithm>

#include "tools/runspec/explore.h"
#include "tools/runspec/explore_util.h"

namespace wgslemu::runspec {

using namespace explore_detail;
using json = nlohmann::ordered_json;

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
  if (r.shard.sharded())
    s += fmt::format("  shard {}/{}: the configurations whose index is {} modulo {}, and configuration 0 (the "
                     "reference), of {}\n",
                     r.shard.index, r.shard.total, r.shard.index, r.shard.total, r.total_configurations);
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
                         var.configurations.size() == 1 ? "" : "s", configurationAt(r, var.configurations[0]).label);
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
  j["total_configurations"] = r.total_configurations;
  if (r.shard.sharded()) j["shard"] = {{"index", r.shard.index}, {"total", r.shard.total}};
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
