// Building hang reports from the scheduler's model state and the watchdog's observations.
#include "runtime/sched/hang_report.h"

#include <algorithm>

namespace wgsl::sched {

namespace {

std::string locationOf(const Namer& namer, uint32_t pc) {
  return namer.location ? namer.location(pc) : "pc " + std::to_string(pc);
}

std::string memoryOf(const Namer& namer, const StepInfo& last) {
  if (last.read_root == StepInfo::kNoRoot) return "";
  if (namer.memory) return namer.memory(last.read_root, last.read_offset);
  return "variable " + std::to_string(last.read_root) + " + " + std::to_string(last.read_offset) + " bytes";
}

// "spins at scan.wgsl:88 on reduction[0]" / "waits at the barrier at ..." for a workgroup whose
// latest steps changed nothing.
std::string idleDoing(const WorkgroupStats& st, const Namer& namer) {
  if (st.last.end == StepEnd::Barrier) return "waits at the barrier at " + locationOf(namer, st.last.pc);
  // Name the poll (the read it repeats), not the back-edge it happened to stop at.
  const bool polls = st.last_read.read_root != StepInfo::kNoRoot;
  std::string out = "spins at " + locationOf(namer, polls ? st.last_read.pc : st.last.pc);
  const std::string mem = polls ? memoryOf(namer, st.last_read) : "";
  if (!mem.empty()) out += " on " + mem;
  return out;
}

// The same, or "" when the workgroup is not spinning.
std::string doing(const Watchdog& watchdog, const Namer& namer, WorkgroupId wg) {
  return watchdog.spinning(wg) ? idleDoing(watchdog.stats(wg), namer) : "";
}

std::string render(const Starvation& s, const Watchdog& watchdog, const Namer& namer) {
  std::string out = s.why;
  if (s.pc) out += " at " + locationOf(namer, *s.pc);
  out += s.after;
  // What the workgroups holding the resource do, e.g. ", which spins at scan.wgsl:88 on x".
  std::vector<std::string> what;
  for (WorkgroupId holder : s.held_by) what.push_back(doing(watchdog, namer, holder));
  bool all_same = !what.empty() && !what[0].empty();
  for (const auto& w : what) all_same = all_same && w == what[0];
  if (all_same) {
    std::string verb = what[0];
    if (s.held_by.size() > 1 && verb.size() > 5 && verb[4] == 's') verb.erase(4, 1);  // spins -> spin
    out += (s.held_by.size() == 1 ? ", which " : ", which all ") + verb;
  } else {
    for (size_t i = 0; i < what.size(); ++i)
      if (!what[i].empty()) out += "; workgroup " + std::to_string(s.held_by[i]) + " " + what[i];
  }
  return out;
}

// The summary when every alive workgroup spins and the model starves none of them.
std::string waitForEachOther(const std::string& model, const std::string& why) {
  return "every alive workgroup spins and " + model + " starves none of them, so they wait for each other (" + why +
         ")";
}

}  // namespace

HangReport buildHangReport(const Scheduler& scheduler, const Watchdog& watchdog, const Namer& namer,
                           HangCause cause, size_t max_listed) {
  HangReport r;
  r.model = scheduler.name();
  r.guarantee = scheduler.guaranteeText();
  r.cause = cause;
  r.steps = watchdog.steps();
  r.steps_without_progress = watchdog.stepsWithoutProgress();
  r.workgroups = scheduler.count();
  r.alive = scheduler.aliveCount();
  const uint64_t recent = watchdog.window() / 2 + 1;
  // The decisive workgroup of the summary: preferably one starved while it was still making
  // progress (it holds what the others wait for), else one not started, else a starved spinner.
  WorkgroupId decisive[3] = {kNoWorkgroup, kNoWorkgroup, kNoWorkgroup};
  std::vector<WorkgroupId> spinners;
  for (WorkgroupId wg = 0; wg < scheduler.count(); ++wg) {
    if (scheduler.phase(wg) == Phase::Returned) continue;
    WorkgroupHang h;
    h.wg = wg;
    h.guaranteed = scheduler.guaranteed(wg);
    const WorkgroupStats& st = watchdog.stats(wg);
    const std::string name = "workgroup " + std::to_string(wg) + " ";
    // Proved by the workgroup run alone repeating: every other one is starved from now on.
    const bool ran_lately = st.first_step != kNever && watchdog.steps() - st.last_step <= recent &&
                            (cause != HangCause::LockedRepeat || wg == scheduler.lockedOn());
    if (st.first_step == kNever) {
      h.activity = Activity::NotStarted;
      ++r.not_started;
      if (decisive[1] == kNoWorkgroup) decisive[1] = wg;
    } else if (!ran_lately) {
      h.activity = Activity::Starved;
      const int rank = watchdog.spinning(wg) ? 2 : 0;
      if (decisive[rank] == kNoWorkgroup) decisive[rank] = wg;
    } else if (watchdog.spinning(wg)) {
      h.activity = st.last.end == StepEnd::Barrier ? Activity::AtBarrier : Activity::Spinning;
      ++r.spinning;
      spinners.push_back(wg);
    } else {
      h.activity = Activity::Running;
    }
    switch (h.activity) {
      case Activity::Spinning:
      case Activity::AtBarrier:
        h.text = name + doing(watchdog, namer, wg) + " (" + std::to_string(st.idle) +
                 " steps without progress" + (h.guaranteed ? "; the model schedules it fairly)" : ")");
        break;
      case Activity::Running:
        h.text = name + "runs (last at " + locationOf(namer, st.last.pc) + ")";
        break;
      case Activity::Starved:
        h.text = name + render(scheduler.starvation(wg), watchdog, namer) + " (last ran " +
                 std::to_string(watchdog.steps() - st.last_step) + " steps ago, at " +
                 locationOf(namer, st.last.pc) + ")";
        break;
      case Activity::NotStarted:
        h.text = name + render(scheduler.starvation(wg), watchdog, namer);
        break;
    }
    if (r.listed.size() < max_listed) r.listed.push_back(std::move(h));
    else ++r.unlisted;
  }
  WorkgroupId chosen = kNoWorkgroup;
  for (WorkgroupId d : decisive)
    if (chosen == kNoWorkgroup) chosen = d;
  if (chosen != kNoWorkgroup) {
    r.summary = "workgroup " + std::to_string(chosen) + " " +
                render(scheduler.starvation(chosen), watchdog, namer);
  } else {
    std::string spin_text;
    for (size_t i = 0; i < spinners.size() && i < 4; ++i)
      spin_text += (i ? "; workgroup " : "workgroup ") + std::to_string(spinners[i]) + " " +
                   doing(watchdog, namer, spinners[i]);
    if (spinners.size() > 4) spin_text += "; and " + std::to_string(spinners.size() - 4) + " more spin";
    if (cause == HangCause::RepeatedState) {
      r.summary = r.model + " repeats the same cycle of states forever" +
                  (spin_text.empty() ? std::string() : ": " + spin_text);
    } else if (r.spinning == r.alive) {
      // A window is evidence, not proof: the spins may be bounded and end after more turns.
      const uint64_t subgroups =
          std::max<uint64_t>(1, uint64_t{watchdog.started()} * watchdog.config().subgroups_per_workgroup);
      r.summary = waitForEachOther(r.model, "no progress in about " +
                                                std::to_string(r.steps_without_progress / subgroups) +
                                                " turns of each alive subgroup: a deadlock under any scheduler, "
                                                "unless the spins end after more turns (--hang-turns)") +
                  ": " + spin_text;
    } else {
      r.summary = "no progress for " + std::to_string(r.steps_without_progress) + " steps under " +
                  r.model + (spin_text.empty() ? std::string() : ": " + spin_text);
    }
    if (scheduler.config().model == Model::RoundRobin)
      r.summary += "; round-robin is only weakly fair (a strongly fair schedule may escape)";
  }
  return r;
}

HangReport buildObservedHangReport(const ObservedRun& run, const std::vector<ObservedWorkgroup>& seen,
                                   const Namer& namer, uint32_t spin_threshold, size_t max_listed) {
  HangReport r;
  r.model = run.model;
  r.guarantee = run.guarantee;
  r.cause = HangCause::Watchdog;
  r.steps = run.steps;
  r.steps_without_progress = run.steps_without_progress;
  auto clamp = [](uint64_t v) { return static_cast<uint32_t>(std::min<uint64_t>(v, ~uint32_t{0})); };
  r.workgroups = clamp(run.workgroups);
  r.alive = clamp(run.alive);
  r.not_started = clamp(run.not_started);
  std::vector<const ObservedWorkgroup*> spinners, computers;
  for (const ObservedWorkgroup& o : seen) {
    const WorkgroupStats& st = o.stats;
    WorkgroupHang h;
    h.wg = o.wg;
    h.guaranteed = true;  // fair: every alive workgroup
    const std::string name = "workgroup " + std::to_string(o.wg) + " ";
    const std::string idle = " (" + std::to_string(st.idle) + " steps without progress";
    if (st.idle < spin_threshold) {
      h.activity = Activity::Running;
      h.text = name + "runs (last at " + locationOf(namer, st.last.pc) + ")";
    } else if (st.last.end == StepEnd::Barrier || o.polls) {
      h.activity = st.last.end == StepEnd::Barrier ? Activity::AtBarrier : Activity::Spinning;
      h.text = name + idleDoing(st, namer) + idle + "; the model schedules it fairly)";
      ++r.spinning;
      spinners.push_back(&o);
    } else {
      h.activity = Activity::Running;
      h.text = name + "computes at " + locationOf(namer, st.last.pc) +
               " without changing shared memory or polling it" + idle + ")";
      computers.push_back(&o);
    }
    if (r.listed.size() < max_listed) r.listed.push_back(std::move(h));
  }
  r.unlisted = r.alive > r.listed.size() ? r.alive - static_cast<uint32_t>(r.listed.size()) : 0;
  std::string spin_text;
  for (size_t i = 0; i < spinners.size() && i < 4; ++i)
    spin_text += (i ? "; workgroup " : "workgroup ") + std::to_string(spinners[i]->wg) + " " +
                 idleDoing(spinners[i]->stats, namer);
  if (spinners.size() > 4) spin_text += "; and " + std::to_string(spinners.size() - 4) + " more spin";
  if (!spinners.empty() && r.spinning == r.alive) {
    r.summary = waitForEachOther(r.model, "a deadlock under any scheduler") + ": " + spin_text;
  } else if (!computers.empty()) {
    r.summary = "no progress for " + std::to_string(r.steps_without_progress) + " steps under " + r.model +
                ": workgroup " + std::to_string(computers[0]->wg) + " loops at " +
                locationOf(namer, computers[0]->stats.last.pc) +
                " without changing shared memory (an endless loop? a longer computation needs a larger "
                "--hang-window)" +
                (spin_text.empty() ? std::string() : "; " + spin_text);
  } else {
    r.summary = "no progress for " + std::to_string(r.steps_without_progress) + " steps under " + r.model +
                (spin_text.empty() ? std::string() : ": " + spin_text);
  }
  return r;
}

std::string HangReport::text() const {
  std::string out = "hang under " + model + ": " + summary + "\n";
  out += "  model: " + guarantee + "\n";
  std::string detected;
  switch (cause) {
    case HangCause::RepeatedState: detected = "the run reached the same state twice"; break;
    case HangCause::LockedRepeat:
      detected = "the workgroup the model runs alone reached the same state twice with memory unchanged";
      break;
    case HangCause::Watchdog:
      detected = "no progress for " + std::to_string(steps_without_progress) + " scheduling steps";
      break;
  }
  out += "  detected: " + detected + " (after " + std::to_string(steps) + " steps)\n";
  out += "  " + std::to_string(alive) + " of " + std::to_string(workgroups) + " workgroups alive, " +
         std::to_string(not_started) + " not started, " + std::to_string(spinning) + " spinning\n";
  for (const auto& h : listed) out += "  " + h.text + "\n";
  if (unlisted) out += "  ... and " + std::to_string(unlisted) + " more alive workgroups\n";
  return out;
}

}  // namespace wgsl::sched
