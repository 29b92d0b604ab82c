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
