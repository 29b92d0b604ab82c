// The scheduler base: workgroup life cycle bookkeeping shared by every model, and the parsing of
// model names.
#include "runtime/sched/scheduler.h"

#include <cctype>

namespace wgsl::sched {

void Scheduler::begin(uint32_t count) {
  phase_.assign(count, Phase::NotStarted);
  idle_.assign(count, 0);
  alive_.reset(count);
  started_.reset(count);
  for (WorkgroupId wg = 0; wg < count; ++wg) alive_.insert(wg);
  min_alive_hint_ = 0;
  rng_ = Rng(config_.seed);
  onBegin();
}

WorkgroupId Scheduler::pickNext() {
  if (alive_.empty()) return kNoWorkgroup;
  const WorkgroupId wg = choose();
  if (wg == kNoWorkgroup || wg >= phase_.size() || phase_[wg] == Phase::Returned) return kNoWorkgroup;
  markStarted(wg);
  return wg;
}

void Scheduler::markStarted(WorkgroupId wg) {
  if (phase_[wg] != Phase::NotStarted) return;
  phase_[wg] = Phase::Started;
  started_.insert(wg);
  onStarted(wg);
}

bool Scheduler::onStep(WorkgroupId wg, const StepInfo& info) {
  if (info.end == StepEnd::Returned) {
    phase_[wg] = Phase::Returned;
    alive_.erase(wg);
    started_.erase(wg);
    onReturned(wg);
    return false;
  }
  idle_[wg] = info.memory_changed ? 0 : idle_[wg] + 1;
  return keepRunning(wg, info);
}

WorkgroupId Scheduler::lowestAlive() const {
  // Workgroups return in any order, but the lowest alive id only grows: resume from the hint.
  while (min_alive_hint_ < phase_.size() && phase_[min_alive_hint_] == Phase::Returned) ++min_alive_hint_;
  return min_alive_hint_ < phase_.size() ? static_cast<WorkgroupId>(min_alive_hint_) : kNoWorkgroup;
}

Starvation Scheduler::starvation(WorkgroupId wg) const {
  if (guaranteed(wg)) return {"is guaranteed fair scheduling by " + name() + ", so it keeps running", std::nullopt, "", {}};
  return {"is not guaranteed progress by " + name(), std::nullopt, "", {}};
}

namespace {

bool parseSeed(const std::string& digits, uint64_t& seed) {
  if (digits.empty() || digits.size() > 19) return false;
  uint64_t value = 0;
  for (char c : digits) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    value = value * 10 + static_cast<uint64_t>(c - '0');
  }
  seed = value;
  return true;
}

}  // namespace

bool parseSchedulerName(const std::string& text, SchedulerConfig& config, std::string& error) {
  static const struct { const char* name; Model model; } kNames[] = {
      {"fair", Model::Fair},   {"round-robin", Model::RoundRobin}, {"obe", Model::Obe},
      {"lobe", Model::Lobe},   {"hsa", Model::Hsa},                {"hsa-obe", Model::HsaObe},
      {"unfair", Model::Unfair}};
  for (const auto& entry : kNames) {
    if (text == entry.name) {
      config.model = entry.model;
      return true;
    }
  }
  if (text.rfind("random:", 0) == 0) {
    if (!parseSeed(text.substr(7), config.seed)) {
      error = "bad scheduler '" + text + "': random:SEED needs a decimal seed, e.g. random:42";
      return false;
    }
    config.model = Model::Random;
    return true;
  }
  error = "unknown scheduler '" + text +
          "'; expected fair, round-robin, obe, lobe, hsa, hsa-obe, unfair or random:SEED";
  return false;
}

bool parseAdmission(const std::string& text, SchedulerConfig& config, std::string& error) {
  if (text == "id") { config.admission = Admission::Id; return true; }
  if (text == "reverse") { config.admission = Admission::Reverse; return true; }
  if (text.rfind("random:", 0) == 0 && parseSeed(text.substr(7), config.admission_seed)) {
    config.admission = Admission::Random;
    return true;
  }
  error = "bad admission order '" + text + "'; expected id, reverse or random:SEED";
  return false;
}

std::string modelName(const SchedulerConfig& config) {
  switch (config.model) {
    case Model::Fair: return "fair";
    case Model::RoundRobin: return "round-robin";
    case Model::Obe: return "obe";
    case Model::Lobe: return "lobe";
    case Model::Hsa: return "hsa";
    case Model::HsaObe: return "hsa-obe";
    case Model::Unfair: return "unfair";
    case Model::Random: return "random:" + std::to_string(config.seed);
    case Model::Replay: return "schedule file";
  }
  return "?";
}

}  // namespace wgsl::sched
