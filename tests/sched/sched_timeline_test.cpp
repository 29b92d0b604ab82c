// Schedule timelines: cells worked out by hand from small traces, bucketing, and the picture of
// a hung obe run (the not-started workgroups stay '.', the spinner is '~' to the end).
#include <gtest/gtest.h>

#include "runtime/sched/timeline.h"
#include "tests/sched/sim.h"

namespace wgsl::sched::sim {
namespace {

std::vector<TraceStep> smallTrace() {
  return {{0, StepEnd::Atomic, true},     {1, StepEnd::Atomic, false}, {0, StepEnd::Returned, false},
          {1, StepEnd::BackEdge, false}, {1, StepEnd::Barrier, false}};
}

TEST(SchedTimeline, OneColumnPerStep) {
  const Timeline t = buildTimeline(smallTrace(), 3, false);
  EXPECT_EQ(t.steps_per_column, 1u);
  EXPECT_EQ(timelineText(t),
            "wg 0 |#-#  |\n"
            "wg 1 |.~-~||\n"
            "wg 2 |.....|\n"
            "steps 0..5, 1 per column; # progress ~ spin | barrier - not scheduled . not started\n");
}

TEST(SchedTimeline, BucketsShowTheMostFrequentActivity) {
  const Timeline t = buildTimeline(smallTrace(), 3, true, 2);
  EXPECT_EQ(t.steps_per_column, 3u);
  EXPECT_EQ(timelineText(t),
            "wg 0 |# |\n"
            "wg 1 |~~|\n"
            "wg 2 |..|\n"
            "steps 0..5, 3 per column; # progress ~ spin | barrier - not scheduled . not started; "
            "hang at the right edge\n");
}

TEST(SchedTimeline, HungObeRunPicture) {
  SchedulerConfig c;
  c.model = Model::Obe;
  c.occupancy = 1;
  c.admission = Admission::Reverse;
  RunOptions opt;
  opt.record = true;
  opt.hang_window = 400;
  const Outcome o = run(chainedScan(4, false, false), 4, c, opt);
  ASSERT_EQ(o.status, RunStatus::Hang);
  const Timeline t = buildTimeline(o.trace, 4, true, 1000);
  ASSERT_EQ(t.steps_per_column, 1u);
  for (uint32_t wg = 0; wg < 3; ++wg)
    for (Cell cell : t.rows[wg]) EXPECT_EQ(cell, Cell::NotStarted) << "wg " << wg;
  EXPECT_EQ(t.rows[3].front(), Cell::Progress);  // publishes its aggregate first
  EXPECT_EQ(t.rows[3].back(), Cell::Spin);
  const std::string svg = timelineSvg(t, "obe --occupancy=1 --admission=reverse: hang");
  EXPECT_EQ(svg.rfind("<svg ", 0), 0u);
  EXPECT_NE(svg.find(">hang</text>"), std::string::npos);
  EXPECT_NE(svg.find("not started</text>"), std::string::npos);
  EXPECT_NE(svg.find("obe --occupancy=1 --admission=reverse: hang"), std::string::npos);
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
}

TEST(SchedTimeline, TitlesAreEscaped) {
  const Timeline t = buildTimeline(smallTrace(), 3, false);
  EXPECT_NE(timelineSvg(t, "a<b & \"c\"").find("a&lt;b &amp; &quot;c&quot;"), std::string::npos);
}

}  // namespace
}  // namespace wgsl::sched::sim

namespace wgsl::sched::sim {
namespace {

// Two workgroups of two subgroups; per step what each subgroup of the stepped workgroup did.
TEST(SchedTimeline, OneRowPerSubgroup) {
  using C = SubgroupCode;
  const std::vector<TraceStep> trace = {{0, StepEnd::Atomic, true},
                                        {1, StepEnd::Barrier, false},
                                        {0, StepEnd::Barrier, true},
                                        {0, StepEnd::Returned, false}};
  SubgroupTrace subs;
  subs.subgroups = 2;
  subs.codes = {C::Progress, C::Ran,       // step 0, workgroup 0
                C::Ran,      C::Barrier,   // step 1, workgroup 1
                C::Barrier,  C::Progress,  // step 2, workgroup 0
                C::Done,     C::Ran};      // step 3, workgroup 0: subgroup 0 had returned
  const Timeline t = buildTimeline(trace, 2, false, 100, &subs);
  EXPECT_EQ(timelineText(t),
            "wg 0 sg 0 |#-| |\n"
            "wg 0 sg 1 |~-#~|\n"
            "wg 1 sg 0 |.~--|\n"
            "wg 1 sg 1 |.|--|\n"
            "steps 0..4, 1 per column; # progress ~ spin | barrier - not scheduled . not started\n");
  // At most max_rows rows: the first workgroup's subgroups, and a count of the others.
  const Timeline first = buildTimeline(trace, 2, false, 100, &subs, 2);
  EXPECT_EQ(first.rows.size(), 2u);
  EXPECT_EQ(first.rows_left_out, 2u);
  EXPECT_NE(timelineText(first).find("(2 more rows)"), std::string::npos);
  EXPECT_NE(timelineSvg(first, "t").find(">wg 0 sg 1</text>"), std::string::npos);
}

}  // namespace
}  // namespace wgsl::sched::sim
