// Reverse execution from snapshots: a stop reached backwards (the run resumed from the last
// snapshot before it) is indistinguishable from the same stop reached forwards. Each test runs
// the same spec twice, once stopping forwards at a breakpoint hit and once going past it and
// back, and compares everything the prompt shows there: the stop, where every subgroup is, the
// events so far, the focused invocation's variables and memory. Small snapshot intervals force
// several snapshots (and their thinning) inside the runs; `info reverse` proves they were used.
#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "tests/debug/debug_script.h"

namespace {

// What the prompt shows at a stop: the answers of `probes`, asked right after it.
struct StopView {
  std::string stop;  // the stop itself ("Breakpoint 1 (step N): ...", the focus, the source line)
  std::vector<std::string> probes;
};

// The script: `setup`, then `moves`, then `probes`.
std::string script(const std::string& setup, const std::vector<std::string>& moves, const std::vector<std::string>& probes,
                   const std::string& tail = "") {
  std::string s = setup;
  for (const auto& m : moves) s += m + "\n";
  for (const auto& p : probes) s += p + "\n";
  return s + tail + "quit\n";
}

StopView view(const std::string& text, const std::string& last_move, size_t nth, const std::vector<std::string>& probes) {
  StopView v;
  v.stop = answer(text, last_move, nth);
  for (const auto& p : probes) v.probes.push_back(answer(text, p));
  return v;
}

// Re-executions that began at a snapshot, from `info reverse`.
int snapshotResumes(const std::string& text) {
  std::smatch m;
  const std::string a = answer(text, "info reverse");
  if (!std::regex_search(a, m, std::regex("([0-9]+) re-executions began at one"))) return -1;
  return std::stoi(m[1]);
}

void expectSame(const StopView& forward, const StopView& backward) {
  EXPECT_EQ(forward.stop, backward.stop);
  ASSERT_EQ(forward.probes.size(), backward.probes.size());
  for (size_t i = 0; i < forward.probes.size(); ++i) EXPECT_EQ(forward.probes[i], backward.probes[i]) << "probe " << i;
}

// Which of the lanes that reached a breakpoint has the focus depends on the focus before the
// stop (it stays on its lane when that lane is among them): these views leave it out.
std::string withoutFocusLane(std::string text) {
  text = std::regex_replace(text, std::regex("Focus: [^\n]*\n"), "");
  return std::regex_replace(text, std::regex("  \\[focus lane [0-9]+\\]"), "");
}

// The transcript of a forward session as a list of stops, each with the answers of the probes
// asked right after it: `run`, then (probes, `continue`) `count` times.
std::string forwardScript(const std::string& setup, const std::vector<std::string>& probes, int count) {
  std::string s = setup + "run\n";
  for (int k = 0; k < count; ++k) {
    for (const auto& p : probes) s += p + "\n";
    s += "continue\n";
  }
  return s + "quit\n";
}

// The stop of the forward transcript whose text is `stop` (the same step, the same focus), with
// its probes' answers.
StopView forwardStop(const std::string& text, const std::string& stop, const std::vector<std::string>& probes, int count) {
  for (int k = 0; k <= count; ++k) {
    StopView v;
    v.stop = withoutFocusLane(k == 0 ? answer(text, "run") : answer(text, "continue", static_cast<size_t>(k - 1)));
    if (v.stop != stop) continue;
    for (const auto& p : probes) v.probes.push_back(withoutFocusLane(answer(text, p, static_cast<size_t>(k))));
    return v;
  }
  return StopView{"<no forward stop is " + stop + ">", {}};
}

// race.wgsl over 4 workgroups of 8 invocations (two subgroups of 4): every invocation stores
// its index to out[i % 4], invocation 6 also to out[1], so invocations race within and across
// workgroups. Line 9 (the store) is reached once per subgroup: 8 hits. Under random:11 the
// workgroups interleave; --races reports the races as they are found (each is a stop too).
TEST(Snapshots, ReverseStopsUnderARandomSchedulerWithRacesAreTheForwardStops) {
  const std::string args = kData + "race.wgsl --buffer out=zero:16 --bind 0:0=out --subgroup-size=4 --dispatch=4 " +
                           "--scheduler=random:11 --races";
  const std::vector<std::string> probes = {"info invocations", "info events", "print i @ all", "print slot @ all",
                                           "x out[0..4] as u32", "bt"};
  const std::string setup = "break 9\n";
  const Output fwd = debug(args + " --snapshot-every=0", forwardScript(setup, probes, 14));
  ASSERT_NE(fwd.text.find("Breakpoint 1"), std::string::npos) << fwd.text;
  ASSERT_NE(fwd.text.find("Dynamic error: "), std::string::npos) << fwd.text;  // a race stop
  // Ten stops forwards, then back three breakpoint hits one by one, each compared with the
  // forward stop at its step; with snapshots every 2 instructions and without snapshots.
  std::string there = setup + "run\n";
  for (int k = 0; k < 10; ++k) there += "continue\n";
  for (int k = 0; k < 3; ++k) {
    there += "reverse-continue\n";
    for (const auto& p : probes) there += p + "\n";
  }
  there += "info reverse\nquit\n";
  for (const char* every : {"2", "0"}) {
    const Output back = debug(args + " --snapshot-every=" + every, there);
    for (size_t k = 0; k < 3; ++k) {
      StopView b;
      b.stop = withoutFocusLane(answer(back.text, "reverse-continue", k));
      ASSERT_NE(b.stop.find("Breakpoint 1 (step"), std::string::npos) << b.stop;
      for (const auto& p : probes) b.probes.push_back(withoutFocusLane(answer(back.text, p, k)));
      SCOPED_TRACE(std::string("snapshot-every ") + every + ", reverse-continue " + std::to_string(k));
      expectSame(forwardStop(fwd.text, b.stop, probes, 14), b);
    }
    if (std::string(every) == "2") EXPECT_GT(snapshotResumes(back.text), 0) << back.text;
    else EXPECT_EQ(snapshotResumes(back.text), 0) << back.text;
  }
}

// Stepping forwards from a breakpoint hit, then reverse-step as many times, comes back to the
// hit, each reverse step resuming from a snapshot taken between the two.
TEST(Snapshots, ReverseStepRetracesStepAcrossSnapshots) {
  const std::string args = kData + "race.wgsl --buffer out=zero:16 --bind 0:0=out --subgroup-size=4 --dispatch=4 " +
                           "--scheduler=random:11 --snapshot-every=1";
  // Invocation 16 (workgroup 2, local index 0) at line 5; it steps to line 6 (the `if`), then
  // to line 9 (i is not 6); back twice: line 5, with every subgroup where it was.
  const Output o = debug(args, "break 5\nrun\ncontinue\ncontinue\ninfo invocations\nprint slot\nx out[0..4] as u32\n"
                               "delete\nstep\nstep\nreverse-step\nreverse-step\n"
                               "info invocations\nprint slot\nx out[0..4] as u32\ninfo reverse\nquit\n");
  EXPECT_NE(answer(o.text, "step", 1).find("9\t  out[slot] = i;"), std::string::npos) << o.text;
  EXPECT_NE(answer(o.text, "reverse-step", 0).find("6\t  if (i == 6u) {"), std::string::npos) << o.text;
  const std::string back = answer(o.text, "reverse-step", 1);
  const std::string hit = answer(o.text, "continue", 1);
  ASSERT_NE(hit.find("Focus:"), std::string::npos) << o.text;
  ASSERT_NE(back.find("Focus:"), std::string::npos) << o.text;
  EXPECT_EQ(hit.substr(hit.find("Focus:")), back.substr(back.find("Focus:")));
  EXPECT_EQ(answer(o.text, "info invocations", 0), answer(o.text, "info invocations", 1));
  EXPECT_EQ(answer(o.text, "print slot", 0), answer(o.text, "print slot", 1));
  EXPECT_EQ(answer(o.text, "x out[0..4] as u32", 0), answer(o.text, "x out[0..4] as u32", 1));
  EXPECT_GT(snapshotResumes(o.text), 0) << o.text;
}

// A two-pass spec (corpus/specs/reduce_sum_two_pass.json: pass 1 sums 10 blocks of 512 inputs
// into partial_sums[0..10] with 10 workgroups, pass 2 sums those 10 with one workgroup; both run
// reduce_sum_workgroup.wgsl, where n = arrayLength(&input) is 5000-odd in pass 1 and 10 in
// pass 2). Breakpoints at line 49 in pass 2 only (n == 10u) and at line 56 (lidx 0 writes the
// workgroup's sum) in pass 1 only: going back from pass 2 into pass 1 lands on the last
// workgroup's write, as the 10th hit forwards.
TEST(Snapshots, MultiPassReverseIntoTheSamePassAndTheOneBefore) {
  const std::string args = std::string(WGSLEMU_SOURCE_DIR) +
                           "/corpus/specs/reduce_sum_two_pass.json --scheduler=random:5 --snapshot-every=256";
  const std::vector<std::string> probes = {"info invocations", "info events", "print n", "print lidx", "print acc",
                                           "x partial_sums[0..10] as f32"};
  const std::string setup = "break 56 if n > 10u\nbreak 49 if n == 10u\n";
  // Forwards: the 10 hits of line 56 in pass 1, then 5 hits of line 49 in pass 2.
  std::vector<std::string> fwd_moves = {"run"};
  for (int k = 1; k < 10; ++k) fwd_moves.push_back("continue");
  const Output fwd1 = debug(args, script(setup, fwd_moves, probes));
  for (int k = 0; k < 5; ++k) fwd_moves.push_back("continue");
  const Output fwd2 = debug(args, script(setup, fwd_moves, probes));
  // Backwards: to the 7th hit in pass 2, back two (the 5th), and back five more (the last hit
  // of pass 1).
  std::vector<std::string> moves = fwd_moves;
  moves.push_back("continue");
  moves.push_back("continue");
  moves.push_back("reverse-continue");
  moves.push_back("reverse-continue");
  const Output back2 = debug(args, script(setup, moves, probes, "info reverse\n"));
  for (int k = 0; k < 5; ++k) moves.push_back("reverse-continue");
  const Output back1 = debug(args, script(setup, moves, probes, "info reverse\n"));

  const StopView f1 = view(fwd1.text, "continue", 8, probes), f2 = view(fwd2.text, "continue", 13, probes);
  EXPECT_NE(f1.stop.find("Breakpoint 1"), std::string::npos) << f1.stop;
  EXPECT_NE(f2.stop.find("Breakpoint 2"), std::string::npos) << f2.stop;
  EXPECT_EQ(f1.probes[3], "lidx = 0u\n");
  EXPECT_EQ(f2.probes[2], "n = 10u\n");
  expectSame(f2, view(back2.text, "reverse-continue", 1, probes));
  expectSame(f1, view(back1.text, "reverse-continue", 6, probes));
  EXPECT_GT(snapshotResumes(back2.text), 0) << back2.text;
  EXPECT_GT(snapshotResumes(back1.text), 0) << back1.text;
}

TEST(Snapshots, SetSnapshotEveryChecksItsArgument) {
  const Output o = debug(kData + "loop.wgsl --buffer out=zero:16 --bind 0:0=out --subgroup-size=4",
                         "set snapshot-every 3\nset snapshot-every\nset snapshots 3\nset snapshot-every -1\ninfo reverse\n");
  EXPECT_EQ(answer(o.text, "set snapshot-every 3"), "Snapshots every 3 instructions\n");
  const std::string usage = "set: expected 'set snapshot-every N' (instructions between snapshots; 0: none)\n";
  EXPECT_EQ(answer(o.text, "set snapshot-every"), usage);
  EXPECT_EQ(answer(o.text, "set snapshots 3"), usage);
  EXPECT_EQ(answer(o.text, "set snapshot-every -1"), usage);
  EXPECT_NE(answer(o.text, "info reverse").find("snapshots: every 3 instructions, 0 kept"), std::string::npos) << o.text;
}

}  // namespace
