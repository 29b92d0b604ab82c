// runtime/options: the table of run options, the option-text parser and the translation to
// device and module options, as every door (command line, run specs, wgslemu exec, the C API)
// uses them.
#include <gtest/gtest.h>

#include <set>

#include "runtime/options/option_table.h"
#include "runtime/options/run_options.h"

namespace wgsl::runtime::options {
namespace {

// An option string in the command line's spelling gives the device options of the command line:
// flags, =VALUE, separate VALUE, repeatable options.
TEST(RunOptionText, GivesTheDeviceOptionsOfTheCommandLine) {
  DeviceOptions d;
  ShaderModuleOptions m;
  std::string error;
  ASSERT_TRUE(parseDeviceOptions(
      "  --scheduler=obe --occupancy 2 --races --oob=zero --allow-nonuniform --subgroup-size=8 "
      "--inject=oob:3 --inject=oob:4 --float=ftz --seed=7 --hang-window=1000 --max-events=5",
      d, m, error))
      << error;
  EXPECT_EQ(d.scheduler, "obe");
  EXPECT_EQ(d.occupancy, 2u);
  EXPECT_TRUE(d.races);
  EXPECT_EQ(d.oob, "zero");
  EXPECT_TRUE(d.check_collectives);
  EXPECT_TRUE(m.allow_nonuniform);
  EXPECT_EQ(d.subgroup_size, 8u);
  EXPECT_EQ(d.inject, (std::vector<std::string>{"oob:3", "oob:4"}));
  EXPECT_EQ(d.float_mode, "ftz");
  EXPECT_EQ(d.seed, 7u);
  EXPECT_EQ(d.hang_window, 1000u);
  EXPECT_EQ(d.max_events, 5u);
}

TEST(RunOptionText, NothingKeepsTheCallersValues) {
  DeviceOptions e;
  e.max_events = 10000;  // a door's own default (the runner's)
  ShaderModuleOptions m;
  std::string error;
  EXPECT_TRUE(parseDeviceOptions("", e, m, error)) << error;
  EXPECT_EQ(e.scheduler, "fair");
  EXPECT_EQ(e.oob, "report");
  EXPECT_EQ(e.max_events, 10000u);
  EXPECT_FALSE(m.allow_nonuniform);
  EXPECT_FALSE(e.check_collectives);
}

// --max-steps bounds scheduling steps on the step-wise path, subgroup instructions on the fair one.
TEST(RunOptionText, MaxStepsFollowsThePath) {
  DeviceOptions fair, stepwise;
  ShaderModuleOptions m;
  std::string error;
  ASSERT_TRUE(parseDeviceOptions("--max-steps=50", fair, m, error)) << error;
  EXPECT_EQ(fair.max_instructions_per_workgroup, 50u);
  EXPECT_EQ(fair.max_steps, 0u);
  ASSERT_TRUE(parseDeviceOptions("--max-steps=50 --scheduler=unfair", stepwise, m, error)) << error;
  EXPECT_EQ(stepwise.max_instructions_per_workgroup, 0u);
  EXPECT_EQ(stepwise.max_steps, 50u);
}

TEST(RunOptionText, ErrorsSayWhatIsExpected) {
  DeviceOptions e;
  ShaderModuleOptions m;
  std::string error;
  EXPECT_FALSE(parseDeviceOptions("--scheduler=fast", e, m, error, "WGSLEMU_OPTIONS"));
  EXPECT_EQ(error,
            "WGSLEMU_OPTIONS: option 'scheduler': 'fast' is not valid: expected fair, round-robin, obe, lobe, hsa, "
            "hsa-obe, unfair or random:SEED");
  EXPECT_FALSE(parseDeviceOptions("--no-such-option", e, m, error));
  EXPECT_EQ(error, "options: unknown option 'no-such-option' (the options are: " + runOptionNames() + ")");
  EXPECT_FALSE(parseDeviceOptions("races", e, m, error));
  EXPECT_NE(error.find("'races' is not an option"), std::string::npos) << error;
  EXPECT_FALSE(parseDeviceOptions("--occupancy", e, m, error));
  EXPECT_NE(error.find("option 'occupancy' needs a value"), std::string::npos) << error;
  EXPECT_FALSE(parseDeviceOptions("--races=maybe", e, m, error));
  EXPECT_EQ(error, "options: option 'races': 'maybe' is not valid: expected true or false");
}

// Options that only the run-spec runner acts on are not device options.
TEST(RunOptionText, RunnerOnlyOptionsAreNotDeviceOptions) {
  DeviceOptions e;
  ShaderModuleOptions m;
  std::string error;
  for (const char* text : {"--timeline=t.svg", "--save-schedule=s.txt"}) {
    EXPECT_FALSE(parseDeviceOptions(text, e, m, error)) << text;
    EXPECT_NE(error.find("is not a device option"), std::string::npos) << error;
  }
  RunOptions o;
  ASSERT_TRUE(parse("--timeline=t.svg --timeline-subgroups", o, error)) << error;
  ASSERT_TRUE(toDeviceOptions(o, e, m, error)) << error;  // the runner translates them
  EXPECT_TRUE(e.record_schedule);
  EXPECT_TRUE(e.timeline_subgroups);
}

// Every row has a name, help, and a value syntax exactly when it takes a value; names are unique.
TEST(RunOptionTable, RowsAreComplete) {
  std::set<std::string> names;
  for (const RunOptionInfo& o : runOptionTable()) {
    EXPECT_TRUE(names.insert(o.name).second) << o.name;
    EXPECT_FALSE(o.help.empty()) << o.name;
    EXPECT_EQ(o.value.empty(), o.flag) << o.name;
    EXPECT_EQ(findRunOption(o.name), &o);
  }
  EXPECT_EQ(findRunOption("no-such-option"), nullptr);
}

}  // namespace
}  // namespace wgsl::runtime::options
