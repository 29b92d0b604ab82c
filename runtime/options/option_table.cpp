// The table of run options (docs/run-spec.md, "Options"): names, value syntax, help, scope and
// one validator per option.
#include "runtime/options/option_table.h"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "interp/math/float_modes.h"
#include "runtime/checks/fault_injection.h"
#include "runtime/checks/oob_policy.h"
#include "runtime/sched/schedule_file.h"
#include "runtime/sched/scheduler.h"

namespace wgsl::runtime::options {

bool parseUnsignedOption(std::string_view s, uint64_t max, uint64_t& out) {
  if (s.empty() || s.size() > 20) return false;
  uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    const uint64_t d = static_cast<uint64_t>(c - '0');
    if (v > (max - d) / 10) return false;
    v = v * 10 + d;
  }
  out = v;
  return true;
}

namespace {

std::function<std::string(const std::string&)> unsignedIn(uint64_t lo, uint64_t hi) {
  return [lo, hi](const std::string& s) -> std::string {
    uint64_t v = 0;
    if (!parseUnsignedOption(s, hi, v) || v < lo) {
      return hi == ~uint64_t{0} ? fmt::format("expected an integer of at least {}", lo)
                                : fmt::format("expected an integer from {} to {}", lo, hi);
    }
    return "";
  };
}

std::string subgroupSizeCheck(const std::string& s) {
  uint64_t v = 0;
  // random:SEED picks a legal size per dispatch.
  if (s.rfind("random:", 0) == 0)
    return parseUnsignedOption(s.substr(7), ~uint64_t{0}, v) ? "" : "expected random:SEED with a decimal seed";
  if (!parseUnsignedOption(s, 1024, v) || v < 4 || v > 128 || (v & (v - 1)) != 0)
    return "expected a power of two from 4 to 128";
  return "";
}

std::string schedulerCheck(const std::string& s) {
  sched::SchedulerConfig c;
  std::string error;
  return sched::parseSchedulerName(s, c, error) ? "" : "expected fair, round-robin, obe, lobe, hsa, hsa-obe, unfair or random:SEED";
}

std::string admissionCheck(const std::string& s) {
  sched::SchedulerConfig c;
  std::string error;
  return sched::parseAdmission(s, c, error) ? "" : "expected id, reverse or random:SEED";
}

std::string scheduleFileCheck(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "expected a readable schedule file (cannot open it)";
  std::stringstream text;
  text << in.rdbuf();
  std::string error;
  const auto schedule = sched::parseScheduleFile(text.str(), error);
  if (!schedule) return "expected a schedule file: " + path + ":" + error;
  if (!schedule->hasEntries())
    return "expected a schedule file with at least one workgroup id after 'prefix:' or 'cycle:'";
  return "";
}

std::string subgroupSchedulerCheck(const std::string& s) {
  uint64_t v = 0;
  if (s == "lockstep" || s == "round-robin" || s == "adversarial") return "";
  if (s.rfind("random:", 0) == 0 && parseUnsignedOption(s.substr(7), ~uint64_t{0}, v)) return "";
  return "expected lockstep, round-robin, random:SEED or adversarial";
}

std::string timelineCheck(const std::string& s) {
  auto ends = [&](const std::string& x) { return s.size() > x.size() && s.compare(s.size() - x.size(), x.size(), x) == 0; };
  return ends(".svg") || ends(".html") ? "" : "expected a file name ending in .svg or .html";
}

std::string nonEmpty(const std::string& s) { return s.empty() ? "expected a file name" : ""; }

// The float-mode parsers' sentences start with the flag's name; validateRunOption adds its own.
std::string withoutPrefix(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0 ? s.substr(prefix.size()) : s;
}

std::vector<RunOptionInfo> makeTable() {
  constexpr Scope D = Scope::Device, R = Scope::Runner;
  std::vector<RunOptionInfo> t;
  t.push_back({"subgroup-size", "N", "Lanes per subgroup: a power of two from 4 to 128, or random:SEED (default 32)",
               false, false, D, subgroupSizeCheck});
  t.push_back({"threads", "N", "Worker threads (default: one per core)", false, false, D, unsignedIn(1, 1024)});
  t.push_back({"seed", "N", "Seed for randomised behaviours (default 0)", false, false, D,
               unsignedIn(0, ~uint64_t{0})});
  t.push_back({"max-steps", "N",
               "Bound on a run, then report a hang: scheduling steps of a step-wise dispatch, or subgroup "
               "instructions of one workgroup on the parallel fair path (default: no limit)",
               false, false, D, unsignedIn(1, ~uint64_t{0})});
  t.push_back({"max-events", "N",
               "Events each pass keeps for the report (default 10000; 100 per dispatch through the C API; all "
               "are counted, and the summary groups them by kind and source location)",
               false, false, D, unsignedIn(1, 10000000)});
  // Schedulers and progress models (docs/schedulers.md).
  t.push_back({"scheduler", "MODEL",
               "Progress model: fair, round-robin, obe, lobe, hsa, hsa-obe, unfair or random:SEED (default fair)",
               false, false, D, schedulerCheck});
  t.push_back({"occupancy", "N", "obe, lobe, hsa-obe: workgroups started at once (default: all)", false, false, D,
               unsignedIn(1, 0xffffffffu)});
  t.push_back({"admission", "ORDER", "obe, lobe, hsa-obe: admission order id, reverse or random:SEED (default id)",
               false, false, D, admissionCheck});
  t.push_back({"schedule", "FILE", "Replay the explicit schedule in FILE (prefix/cycle of workgroup ids; 'dispatch N:' sections per dispatch)", false,
               false, D, scheduleFileCheck});
  t.push_back({"subgroup-scheduler", "ORDER",
               "Interleaving of a workgroup's subgroups: lockstep, round-robin, random:SEED or adversarial (default "
               "lockstep)",
               false, false, D, subgroupSchedulerCheck});
  t.push_back({"hang-window", "N", "Scheduling steps without progress that make a hang (default 1048576)", false,
               false, D, unsignedIn(1, ~uint64_t{0})});
  t.push_back({"hang-turns", "N",
               "Step-wise schedulers: the hang window grows to N steps per alive subgroup, so that bounded spins of many "
               "workgroups are no hang (default 4096; 0: the window stays --hang-window)",
               false, false, D, unsignedIn(0, ~uint64_t{0})});
  t.push_back({"timeline", "FILE", "Draw the schedule to FILE.svg or FILE.html (runs the step-wise scheduler)", false,
               false, R, timelineCheck});
  t.push_back({"timeline-subgroups", "",
               "With --timeline: one row per subgroup (of the first workgroups, at most 256 rows) instead of one "
               "per workgroup",
               true, false, R, nullptr});
  t.push_back({"save-schedule", "FILE", "Write the schedule that replays the run to FILE (for --schedule)", false,
               false, R, nonEmpty});
  // Dynamic-error checks (docs/dynamic-errors.md).
  t.push_back({"oob", "POLICY",
               "Out-of-bounds policy: report (default), zero, clamp, discard, random:SEED[:terminate], trap", false,
               false, D, [](const std::string& v) {
                 const checks::OobPolicyParse p = checks::parseOobPolicy(v);
                 return p.policy ? std::string() : p.error;
               }});
  t.push_back({"inject", "RULE",
               "Inject a fault (repeatable): oob:LINE[:COL][:invocation=X,Y,Z|:workgroup=X,Y,Z][:nth=N], "
               "poison:LINE[...][:value=BITS], oob:prob=P:seed=S",
               false, true, D, [](const std::string& v) {
                 const checks::InjectionParse p = checks::parseInjection(v);
                 return p.rule ? std::string() : p.error;
               }});
  t.push_back({"races", "", "Report data races: unordered conflicting accesses within and across workgroups", true,
               false, D, nullptr});
  t.push_back({"allow-nonuniform", "",
               "Run kernels the static uniformity analysis rejects (errors become warnings) and report whether "
               "barriers and collectives were reached uniformly",
               true, false, D, nullptr});
  // Floating point modes (docs/float-modes.md).
  t.push_back({"float", "MODE",
               "Floating point mode: ieee (default) or a comma list of ftz, fma, ulp-max, ulp-random:SEED "
               "(e.g. ftz,fma)",
               false, false, D, [](const std::string& v) -> std::string {
                 math::FloatMode m;
                 std::string error;
                 if (math::parseFloatOption(v, m, error)) return "";
                 return withoutPrefix(error, "--float: ");
               }});
  t.push_back({"nonfinite", "POLICY",
               "Infinities and NaNs of f32/f16 operations: propagate (default), indeterminate:SEED (replaced "
               "by arbitrary finite values) or report (first place each appears, as events)",
               false, false, D, [](const std::string& v) -> std::string {
                 math::FloatMode m;
                 std::string error;
                 if (math::parseNonFiniteOption(v, m, error)) return "";
                 return withoutPrefix(error, "--nonfinite: ");
               }});
  return t;
}

}  // namespace

const std::vector<RunOptionInfo>& runOptionTable() {
  static const std::vector<RunOptionInfo> table = makeTable();
  return table;
}

const RunOptionInfo* findRunOption(std::string_view name) {
  for (const auto& o : runOptionTable())
    if (o.name == name) return &o;
  return nullptr;
}

std::string runOptionNames() {
  std::string list;
  for (const auto& o : runOptionTable()) list += (list.empty() ? "" : ", ") + o.name;
  return list;
}

std::string validateRunOption(const RunOptionInfo& info, const std::string& value) {
  if (info.flag && value != "true" && value != "false")
    return fmt::format("option '{}': '{}' is not valid: expected true or false", info.name, value);
  if (!info.flag && info.check) {
    const std::string why = info.check(value);
    if (!why.empty()) return fmt::format("option '{}': '{}' is not valid: {}", info.name, value, why);
  }
  return "";
}

}  // namespace wgsl::runtime::options
