// The schedulers through `wgslemu run` on the corpus specs: exit codes, the hang
// report in the human summary and the JSON report, timelines and schedule files.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/support/test_support.h"

namespace {

const std::string kBin = WGSLEMU_BINARY;
const std::string kRoot = WGSLEMU_SOURCE_DIR;

std::string spec(const std::string& name) { return "'" + kRoot + "/corpus/specs/" + name + "'"; }

std::string tmp(const std::string& name) {
  return ::testing::TempDir() + "/wgslemu_sched_cli_" + std::to_string(::getpid()) + "_" + name;
}

TEST(SchedCli, LookbackUnderUnfairIsAHangWithExitCode3AndAReport) {
  const std::string report = tmp("unfair.json");
  auto r = wgsl::test::runCommand(kBin + " run " + spec("scan_chained_lookback.json") +
                                  " --scheduler=unfair --seed=2 --hang-window=20000 --report '" + report + "'");
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find(": hang:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("hang under unfair: workgroup"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("spins at"), std::string::npos) << r.err;
  const auto j = nlohmann::json::parse(wgsl::test::readFile(report));
  EXPECT_EQ(j["status"], "hang");
  const auto& pass = j["passes"][0];
  EXPECT_EQ(pass["scheduler"], "unfair");
  EXPECT_NE(pass["hang"]["summary"].get<std::string>().find("is starved"), std::string::npos);
  ASSERT_EQ(pass["workgroup_stats"].size(), 7u);  // the spec dispatches 7 workgroups
  bool spinner = false;
  for (const auto& w : pass["workgroup_stats"]) spinner = spinner || w["spin_steps"].get<uint64_t>() > 1000;
  EXPECT_TRUE(spinner);
  EXPECT_EQ(j["options"]["seed"], 2);  // what replays the run
  EXPECT_NE(j["replay"].get<std::string>().find("--scheduler=unfair"), std::string::npos) << j["replay"];
  EXPECT_NE(r.err.find("replay: wgslemu run "), std::string::npos) << r.err;
  std::remove(report.c_str());
}

TEST(SchedCli, LookbackCompletesUnderObeLobeAndRandom) {
  for (const std::string opts : {"--scheduler=obe --occupancy=2 --admission=reverse", "--scheduler=lobe --occupancy=1",
                                 "--scheduler=random:4", "--scheduler=hsa-obe --occupancy=1 --admission=random:2"}) {
    auto r = wgsl::test::runCommand(kBin + " run " + spec("scan_chained_lookback.json") + " " + opts);
    EXPECT_EQ(r.exit_code, 0) << opts << "\n" << r.err;
  }
}

TEST(SchedCli, FallbackCompletesUnderHsaAndUnfair) {
  for (const std::string opts : {"--scheduler=hsa", "--scheduler=unfair --seed=3", "--scheduler=unfair --seed=4"}) {
    auto r = wgsl::test::runCommand(kBin + " run " + spec("scan_decoupled_fallback.json") + " " + opts);
    EXPECT_EQ(r.exit_code, 0) << opts << "\n" << r.err;
  }
}

TEST(SchedCli, TimelineAndScheduleFileReplayTheRun) {
  const std::string svg = tmp("t.svg"), html = tmp("t.html"), sched = tmp("s.schedule");
  auto a = wgsl::test::runCommand(kBin + " run " + spec("spin_lock_workgroups.json") + " --scheduler=random:6 --timeline '" +
                                  svg + "' --save-schedule '" + sched + "'");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  const std::string picture = wgsl::test::readFile(svg);
  EXPECT_EQ(picture.rfind("<svg", 0), 0u) << picture.substr(0, 100);
  EXPECT_NE(picture.find("under random:6: completed"), std::string::npos);
  const std::string schedule = wgsl::test::readFile(sched);
  EXPECT_NE(schedule.find("prefix:"), std::string::npos) << schedule;
  auto b = wgsl::test::runCommand(kBin + " run " + spec("spin_lock_workgroups.json") + " --schedule='" + sched +
                                  "' --timeline '" + html + "'");
  EXPECT_EQ(b.exit_code, 0) << b.err;
  EXPECT_NE(wgsl::test::readFile(html).find("<html>"), std::string::npos);
  for (const auto& f : {svg, html, sched}) std::remove(f.c_str());
}

// A two-pass spec (tests/debug/data/tickets.json: 4 workgroups take tickets from one counter in
// each pass; `order` expects pass 1 in id order and, under tickets 4..7 of pass 2, workgroups
// 3, 1, 0, 2): the schedule file replays each dispatch's own section.
TEST(SchedCli, ScheduleFileSectionsReplayEachDispatch) {
  const std::string tickets = kRoot + "/tests/debug/data/tickets.json";
  const std::string sched = tmp("sections.schedule"), saved = tmp("saved.schedule");
  {
    std::ofstream f(sched);
    f << "# pass 1 in id order, pass 2 as the expectation says\ndispatch 1:\nprefix: 0 1 2 3\ndispatch 2:\nprefix: 3 1 0 2\n";
  }
  auto a = wgsl::test::runCommand(kBin + " run '" + tickets + "' --schedule='" + sched + "' --save-schedule='" + saved + "'");
  EXPECT_EQ(a.exit_code, 0) << a.err;
  // The run's own schedule, saved per dispatch, replays the same run.
  const std::string text = wgsl::test::readFile(saved);
  EXPECT_NE(text.find("dispatch 1:\nprefix: 0 1 2 3\n"), std::string::npos) << text;
  EXPECT_NE(text.find("dispatch 2:\nprefix: 3 1 0 2\n"), std::string::npos) << text;
  auto b = wgsl::test::runCommand(kBin + " run '" + tickets + "' --schedule='" + saved + "'");
  EXPECT_EQ(b.exit_code, 0) << b.err;
  // The same order for both dispatches (one schedule, no sections) fails the second pass.
  {
    std::ofstream f(sched);
    f << "prefix: 3 1 0 2\n";
  }
  auto c = wgsl::test::runCommand(kBin + " run '" + tickets + "' --schedule='" + sched + "'");
  EXPECT_NE(c.exit_code, 0) << c.err;
  for (const auto& f : {sched, saved}) std::remove(f.c_str());
}

// The whole corpus under the step-wise models: only the kernels that need more than a model
// guarantees hang (the ticketed lookback scan and the spin locks need a lock or ticket holder
// to keep running, which hsa does not promise); every other spec completes with its expected
// outputs, which also checks the step-wise engine against the fast path's results.
TEST(SchedCli, CorpusVerdictsPerModel) {
  auto hangs = [&](const std::string& opts) {
    auto r = wgsl::test::runCommand(kBin + " test '" + kRoot + "/corpus/specs' --jobs 2 --hang-window=65536 " + opts);
    std::vector<std::string> out;
    size_t at = 0;
    while ((at = r.out.find("HANG", at)) != std::string::npos) {
      const size_t line = r.out.rfind('\n', at) + 1;
      const std::string text = r.out.substr(line, at - line);
      out.push_back(text.substr(text.rfind('/') + 1, text.find(".json") - text.rfind('/') - 1));
      ++at;
    }
    EXPECT_EQ(r.out.find("FAIL"), std::string::npos) << opts << "\n" << r.out;
    EXPECT_EQ(r.out.find("ERROR"), std::string::npos) << opts << "\n" << r.out;
    return out;
  };
  const std::vector<std::string> none;
  EXPECT_EQ(hangs("--scheduler=random:1"), none);
  EXPECT_EQ(hangs("--scheduler=round-robin --subgroup-scheduler=random:3"), none);
  // The progress-litmus kernels need what corpus/README.md's table says: the inter-workgroup
  // barrier needs all its workgroups resident (occupancy 1 is not enough under obe and hsa-obe;
  // under lobe, starting the highest id first makes every lower id fair); message passing
  // towards a higher id needs workgroup 0 to run, which obe with occupancy 1 and reverse
  // admission never does while workgroup 1 spins; the locks need the holder to keep running,
  // which hsa does not promise.
  const std::vector<std::string> barrier = {"litmus_barrier_one_thread", "litmus_barrier_workgroup"};
  EXPECT_EQ(hangs("--scheduler=obe --occupancy=1 --admission=reverse --subgroup-scheduler=round-robin"),
            (std::vector<std::string>{"litmus_barrier_one_thread", "litmus_barrier_workgroup", "litmus_mp_one_thread",
                                      "litmus_mp_workgroup"}));
  EXPECT_EQ(hangs("--scheduler=lobe --occupancy=2 --admission=reverse"), none);
  EXPECT_EQ(hangs("--scheduler=hsa-obe --occupancy=1 --admission=reverse"), barrier);
  EXPECT_EQ(hangs("--scheduler=hsa"),
            (std::vector<std::string>{"litmus_barrier_one_thread", "litmus_barrier_workgroup", "litmus_mutex_cas_leader",
                                      "litmus_mutex_cas_one_thread", "litmus_ticket_lock_leader",
                                      "litmus_ticket_lock_one_thread", "litmus_ticket_lock_simt_safe",
                                      "scan_chained_lookback", "spin_lock_simt_safe", "spin_lock_workgroups"}));
}

TEST(SchedCli, BadSchedulingOptionsAreUsageErrors) {
  auto a = wgsl::test::runCommand(kBin + " run " + spec("scan_chained_lookback.json") + " --scheduler=fastest");
  EXPECT_NE(a.exit_code, 0);
  EXPECT_NE(a.err.find("expected fair, round-robin, obe, lobe, hsa, hsa-obe, unfair or random:SEED"), std::string::npos)
      << a.err;
  auto b = wgsl::test::runCommand(kBin + " run " + spec("scan_chained_lookback.json") + " --timeline=picture.png");
  EXPECT_NE(b.exit_code, 0);
  EXPECT_NE(b.err.find(".svg or .html"), std::string::npos) << b.err;
  const std::string sched = tmp("bad.schedule");
  std::ofstream(sched) << "prefix: 0 1 99\n";
  auto c = wgsl::test::runCommand(kBin + " run " + spec("scan_chained_lookback.json") + " --schedule='" + sched + "'");
  EXPECT_EQ(c.exit_code, 2) << c.err;
  EXPECT_NE(c.err.find("names workgroup 99 but the dispatch has 7 workgroups"), std::string::npos) << c.err;
  std::remove(sched.c_str());
  auto d = wgsl::test::runCommand(kBin + " run " + spec("scan_chained_lookback.json") + " --subgroup-size=random:x");
  EXPECT_NE(d.exit_code, 0);
  auto e = wgsl::test::runCommand(kBin + " run " + spec("scan_chained_lookback.json") + " --subgroup-size=random:8");
  EXPECT_EQ(e.exit_code, 0) << e.err;
}

}  // namespace

namespace {

// --timeline-subgroups: the lookback scan under unfair, one row per subgroup. In the workgroup
// the adversary locks on, subgroup 0 (the invocation that polls its predecessor's state) spins
// while the other subgroups wait at the barrier after the lookback.
TEST(SchedCli, TimelineWithOneRowPerSubgroup) {
  const std::string html = tmp("sg.html");
  auto a = wgsl::test::runCommand(kBin + " run " + spec("scan_chained_lookback.json") +
                                  " --scheduler=unfair --seed=2 --timeline-subgroups --timeline '" + html + "'");
  ASSERT_EQ(a.exit_code, 3) << a.err;
  const std::string text = wgsl::test::readFile(html);
  auto row = [&](const std::string& label) {
    const size_t at = text.find("\n" + label + " |");
    return at == std::string::npos ? std::string() : text.substr(at + 1, text.find('\n', at + 1) - at - 1);
  };
  const std::string spinner = row("wg 1 sg 0"), waiter = row("wg 1 sg 1");
  ASSERT_FALSE(spinner.empty()) << text.substr(0, 2000);
  ASSERT_FALSE(waiter.empty());
  EXPECT_NE(spinner.find("~~~~~~~~~~|"), std::string::npos) << spinner;  // spins to the hang
  EXPECT_NE(waiter.find("||||||||||||"), std::string::npos) << waiter;   // at the barrier meanwhile
  EXPECT_FALSE(row("wg 6 sg 7").empty());
  std::remove(html.c_str());
  auto b = wgsl::test::runCommand(kBin + " run " + spec("scan_chained_lookback.json") + " --timeline-subgroups");
  EXPECT_EQ(b.exit_code, 2) << b.err;
  EXPECT_NE(b.err.find("give --timeline=FILE.svg"), std::string::npos) << b.err;
}

}  // namespace

namespace {

// obe with occupancy 1 runs its one started workgroup alone: message passing towards workgroup 0,
// which reverse admission never starts, is proved to hang within a few thousand steps.
TEST(SchedCli, ObeWithOneSlotProvesTheSpinOfItsOnlyWorkgroup) {
  auto r = wgsl::test::runCommand(kBin + " run " + spec("litmus_mp_one_thread.json") +
                                  " --scheduler=obe --occupancy=1 --admission=reverse");
  EXPECT_EQ(r.exit_code, 3) << r.err;
  const std::string text = r.out + r.err;
  EXPECT_NE(text.find("workgroup 0 is not started: occupancy 1 is held by workgroup 1, which spins"), std::string::npos)
      << text;
  const size_t at = text.find("detected: the workgroup the model runs alone reached the same state twice");
  ASSERT_NE(at, std::string::npos) << text;
  const size_t steps_at = text.find("(after ", at);
  ASSERT_NE(steps_at, std::string::npos);
  EXPECT_LT(std::stoull(text.substr(steps_at + 7)), 16384u) << text;
}

}  // namespace
