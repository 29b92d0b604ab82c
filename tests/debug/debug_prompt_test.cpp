// `wgslemu debug` driven by scripts on standard input. The expected values are worked out from
// the kernels (tests/debug/data/*.wgsl), as the comments say.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/debug/debug_script.h"

namespace {

// loop.wgsl: one workgroup of 4 invocations, gid.x = 0..3, one subgroup of 4 lanes.
//   acc = sum over i in 0..2 of (gid.x + i) = 3 * gid.x + 3; even lanes square it.
const std::string kLoop = kData + "loop.wgsl --buffer out=zero:16 --bind 0:0=out --subgroup-size=4";

TEST(DebugPrompt, ConditionalBreakpointInALoopStopsTheMatchingInvocationEachIteration) {
  const Output o = debug(kLoop,
                         "break loop.wgsl:13 if gid.x == 2u\nrun\nprint i\nprint acc\ncontinue\nprint i\nprint acc\n"
                         "info breakpoints\nquit\n");
  // Only lane 2 (gid.x == 2) satisfies the condition; the focus moves to it.
  EXPECT_NE(answer(o.text, "run").find("Breakpoint 1 (step"), std::string::npos) << o.text;
  EXPECT_NE(answer(o.text, "run").find("reached it with lanes [2]"), std::string::npos) << o.text;
  EXPECT_NE(answer(o.text, "run").find("invocation (2, 0, 0)"), std::string::npos) << o.text;
  EXPECT_NE(answer(o.text, "run").find("13\t    acc += gid.x + i;"), std::string::npos) << o.text;
  // First iteration: nothing accumulated yet.
  EXPECT_EQ(answer(o.text, "print i"), "i = 0u\n");
  EXPECT_EQ(answer(o.text, "print acc"), "acc = 0u\n");
  // Second iteration: acc = 2 + 0.
  EXPECT_EQ(answer(o.text, "print i", 1), "i = 1u\n");
  EXPECT_EQ(answer(o.text, "print acc", 1), "acc = 2u\n");
  EXPECT_EQ(answer(o.text, "info breakpoints"), "1: loop.wgsl:13 if gid.x == 2u, 2 hits\n");
  EXPECT_EQ(o.status, 0);
}

TEST(DebugPrompt, PrintAcrossLanesAfterDivergenceMarksInactiveLanes) {
  const Output o = debug(kLoop, "break 16\nrun\nprint acc @ all\nquit\n");
  // Line 16 runs for the even lanes only.
  EXPECT_NE(answer(o.text, "run").find("reached it with lanes [0,2]"), std::string::npos) << o.text;
  EXPECT_EQ(answer(o.text, "print acc @ all"),
            "acc @ subgroup 0:\n"
            "  lane   0 (local    0): 3u\n"
            "  lane   1 (local    1) (inactive): 6u\n"
            "  lane   2 (local    2): 9u\n"
            "  lane   3 (local    3) (inactive): 12u\n");
}

TEST(DebugPrompt, StepIntoAndOutOfAnInlinedFunctionWithItsBacktrace) {
  const Output o = debug(kLoop, "break 16\nrun\nstep\nbt\nprint v\nstep\nprint s\nfinish\nbt\nquit\n");
  // Lane 0: acc = 3 enters square(3).
  EXPECT_NE(answer(o.text, "step").find("square at " + kData + "loop.wgsl:4:3\n4\t  let s = v * v;"), std::string::npos)
      << o.text;
  EXPECT_EQ(answer(o.text, "bt"), "#0 square at " + kData + "loop.wgsl:4:3\n#1 main at " + kData + "loop.wgsl:16:11\n");
  EXPECT_EQ(answer(o.text, "print v"), "v = 3u\n");
  EXPECT_NE(answer(o.text, "step", 1).find("5\t  return s;"), std::string::npos) << o.text;
  EXPECT_EQ(answer(o.text, "print s"), "s = 9u\n");
  // finish: back in main, in the middle of line 16 (the assignment of the result).
  EXPECT_NE(answer(o.text, "finish").find("main at " + kData + "loop.wgsl:16:"), std::string::npos) << o.text;
  EXPECT_EQ(answer(o.text, "bt", 1).rfind("#0 main at ", 0), 0u) << o.text;
  EXPECT_EQ(answer(o.text, "bt", 1).find("#1"), std::string::npos) << o.text;
}

TEST(DebugPrompt, ReverseContinueReturnsToThePreviousHitAndReverseStepToThePreviousStatement) {
  const Output o = debug(kLoop,
                         "break loop.wgsl:13 if gid.x == 2u\nrun\ncontinue\nprint i\nreverse-continue\nprint i\nprint acc\n"
                         "next\nreverse-step\nprint i\nquit\n");
  EXPECT_EQ(answer(o.text, "print i"), "i = 1u\n");
  EXPECT_NE(answer(o.text, "reverse-continue").find("Breakpoint 1"), std::string::npos) << o.text;
  EXPECT_EQ(answer(o.text, "print i", 1), "i = 0u\n");
  EXPECT_EQ(answer(o.text, "print acc"), "acc = 0u\n");
  // next goes to the loop's update (line 12); reverse-step comes back to line 13.
  EXPECT_NE(answer(o.text, "next").find("12\t  for (var i = 0u; i < 3u; i++) {"), std::string::npos) << o.text;
  EXPECT_NE(answer(o.text, "reverse-step").find("13\t    acc += gid.x + i;"), std::string::npos) << o.text;
  EXPECT_EQ(answer(o.text, "print i", 2), "i = 0u\n");
}

TEST(DebugPrompt, StopsAtAnOutOfBoundsWriteWithTheRunsTextAndTheRightInvocation) {
  // oob.wgsl: invocation 5 writes data[9] of an 8-element array; x = data[5] * 2 = 12.
  const std::string args = kData + "oob.wgsl --buffer data=f32:1,2,3,4,5,6,7,8 --bind 0:0=data --subgroup-size=4";
  const Output o = debug(args, "run\nprint i\nprint x\nbt\ncontinue\nquit\n");
  const std::string event = "oob.wgsl:7:5: out-of-bounds write of 4 bytes through index 9 (out of range for 8 elements)";
  EXPECT_NE(answer(o.text, "run").find("Dynamic error: " + kData + event), std::string::npos) << o.text;
  EXPECT_NE(answer(o.text, "run").find("invocation (5, 0, 0) (workgroup (0, 0, 0), local index 5, subgroup 1, lane 1)"),
            std::string::npos)
      << o.text;
  EXPECT_EQ(answer(o.text, "print i"), "i = 5u\n");
  EXPECT_EQ(answer(o.text, "print x"), "x = 12\n");
  EXPECT_EQ(answer(o.text, "bt"), "#0 main at " + kData + "oob.wgsl:7:5\n");
  EXPECT_NE(answer(o.text, "continue").find("The run ended: dynamic-error"), std::string::npos) << o.text;
  EXPECT_EQ(o.status, 4);  // as `wgslemu run` exits for a dynamic error
}

TEST(DebugPrompt, BadInputGetsClearAnswers) {
  const Output o = debug(kLoop,
                         "frobnicate\nprint acc\nbreak abc\nbreak 7\nrun\nprint acc\nnext\nprint acc +\nprint acc.x\nprint nosuch\n"
                         "subgroup 9\nx out[0..1] as q\nquit\n");
  EXPECT_EQ(answer(o.text, "frobnicate"), "Unknown command 'frobnicate' (type 'help' for the list)\n");
  EXPECT_EQ(answer(o.text, "print acc"), "The program is not running ('run' starts it)\n");
  EXPECT_NE(answer(o.text, "break abc").find("expected FILE:LINE, LINE, or a barrier or atomic built-in"), std::string::npos);
  // Line 7 is blank and lines 8-9 are the entry point's header: the first statement is line 10.
  EXPECT_NE(answer(o.text, "run").find("Breakpoint 1: line 7 has no code; moved to line 10"), std::string::npos) << o.text;
  EXPECT_NE(answer(o.text, "run").find("10\t  var acc = 0u;"), std::string::npos) << o.text;
  // Stopped before the declaration runs: acc is not in scope yet; after `next` it is.
  // Expressions that do not type-check get the WGSL front end's diagnostic, its column within the
  // expression (the same words as `wgslemu check` for the expression in a function of the
  // visible variables; see FrontEndDiagnosticsAreThoseOfWgslemuCheck).
  EXPECT_EQ(answer(o.text, "print acc", 1), "print: acc: column 1: unresolved identifier 'acc'\n");
  EXPECT_EQ(answer(o.text, "print acc +").rfind("print: acc +: column 6: expected an expression", 0), 0u) << o.text;
  EXPECT_EQ(answer(o.text, "print acc.x"), "print: acc.x: column 5: 'u32' has no members: '.x' needs a structure or a vector\n");
  EXPECT_EQ(answer(o.text, "print nosuch"), "print: nosuch: column 1: unresolved identifier 'nosuch'\n");
  EXPECT_EQ(answer(o.text, "subgroup 9"), "subgroup: the workgroup has 1 subgroups (0..0)\n");
  EXPECT_NE(answer(o.text, "x out[0..1] as q").find("x: expected NAME[FROM..TO]"), std::string::npos);
}

TEST(DebugPrompt, HelpListsTheCommandsAndEndOfInputEndsTheSession) {
  const Output o = debug(kLoop, "help\nbreak 13\nrun\n");
  for (const char* c : {"break FILE:LINE", "reverse-continue", "print[/x] EXPR [@ all]", "backtrace", "info breakpoints"})
    EXPECT_NE(answer(o.text, "help").find(c), std::string::npos) << c;
  EXPECT_NE(o.text.find("End of input: ending the session"), std::string::npos) << o.text;
  EXPECT_EQ(o.status, 0);
}

// A corpus kernel: reduce_sum_workgroup (256 invocations per workgroup, subgroups of 32, 4
// workgroups, a barrier after each invocation stored acc = input[base + lidx] + input[base + lidx
// + 256] into partial[lidx]). Under round-robin, workgroup 0 runs first and gets past its first
// barrier while the others wait at theirs.
TEST(DebugPrompt, CorpusReductionValuesAcrossSubgroupsAndWorkgroups) {
  std::ifstream spec_file(std::string(WGSLEMU_SOURCE_DIR) + "/corpus/specs/reduce_sum_workgroup.json");
  const nlohmann::json spec = nlohmann::json::parse(spec_file);
  const std::vector<double> input = spec["buffers"]["input"]["data"]["f32"].get<std::vector<double>>();
  auto acc = [&](size_t wg, size_t lidx) {
    const size_t i0 = wg * 512 + lidx, i1 = i0 + 256;
    double a = i0 < input.size() ? input[i0] : 0.0;
    if (i1 < input.size()) a += input[i1];
    return std::to_string(static_cast<long long>(a));  // the inputs are integers: exact sums
  };
  const Output o = debug(std::string(WGSLEMU_SOURCE_DIR) + "/corpus/specs/reduce_sum_workgroup.json --scheduler=round-robin",
                         "break 46\nrun\nprint lidx\nprint partial[lidx]\ninfo invocations\nsubgroup 3\nprint lidx\n"
                         "print acc\nworkgroup 1,0,0\nprint i0\nprint acc\nbt\nquit\n");
  // Line 46 follows the barrier: the whole subgroup reaches it.
  EXPECT_NE(answer(o.text, "run").find("subgroup 0 reached it with lanes [0,1,2,"), std::string::npos) << o.text;
  EXPECT_EQ(answer(o.text, "print lidx"), "lidx = 0u\n");
  EXPECT_EQ(answer(o.text, "print partial[lidx]"), "partial[lidx] = " + acc(0, 0) + "\n");
  const std::string info = answer(o.text, "info invocations");
  EXPECT_NE(info.find("workgroup (0, 0, 0)  [focus]"), std::string::npos) << info;
  EXPECT_NE(info.find("workgroup (1, 0, 0)\n  subgroup 0: waiting at a barrier at reduce_sum_workgroup.wgsl:44:3"),
            std::string::npos)
      << info;
  EXPECT_EQ(answer(o.text, "print lidx", 1), "lidx = 96u\n");
  EXPECT_EQ(answer(o.text, "print acc"), "acc = " + acc(0, 96) + "\n");
  EXPECT_NE(answer(o.text, "workgroup 1,0,0").find("invocation (256, 0, 0) (workgroup (1, 0, 0), local index 0"),
            std::string::npos)
      << o.text;
  EXPECT_EQ(answer(o.text, "print i0"), "i0 = 512u\n");
  EXPECT_EQ(answer(o.text, "print acc", 1), "acc = " + acc(1, 0) + "\n");
  EXPECT_NE(answer(o.text, "bt").find("reduce_sum_workgroup.wgsl:44:3"), std::string::npos) << o.text;
}

// The chained lookback scan under --scheduler=unfair: the adversary locks onto a workgroup that
// spins on its predecessor's tile flag and starves everyone else. The session stops at the hang,
// focused on the spinner, which can be inspected: it polls tile_state[look] with look below its
// own tile.
TEST(DebugPrompt, StopsAtALookbackHangOnTheSpinningInvocation) {
  const Output o = debug(std::string(WGSLEMU_SOURCE_DIR) + "/corpus/specs/scan_chained_lookback.json --scheduler=unfair --seed=5",
                         "run\nprint look\nprint tile_id\ncontinue\nquit\n");
  const std::string stop = answer(o.text, "run");
  ASSERT_EQ(stop.rfind("Hang: hang under unfair", 0), 0u) << o.text;
  // The report's line "  workgroup W spins at ...:120 on tile_state[T] (...)": the focus is W,
  // polling tile T.
  std::smatch m;
  ASSERT_TRUE(std::regex_search(stop, m, std::regex("\n  workgroup ([0-9]+) spins at [^ ]+ on tile_state\\[([0-9]+)\\]")))
      << stop;
  const std::string w = m[1], t = m[2];
  EXPECT_NE(stop.find("(workgroup (" + w + ", 0, 0), local index 0"), std::string::npos) << stop;
  EXPECT_NE(stop.find("let state = atomicLoad(&tile_state[look]);"), std::string::npos) << stop;
  EXPECT_EQ(answer(o.text, "print look"), "look = " + t + "u\n");
  const std::string tile = answer(o.text, "print tile_id");
  ASSERT_EQ(tile.rfind("tile_id = ", 0), 0u) << tile;
  EXPECT_GT(std::stoul(tile.substr(10)), std::stoul(t));  // it waits for an earlier tile
  EXPECT_NE(answer(o.text, "continue").find("The run ended: hang"), std::string::npos) << o.text;
  EXPECT_EQ(o.status, 3);
}

// race.wgsl: out[1] is written by invocation 6 (100 + 6, inside an if), and by invocations 1 and 5
// (out[i % 4] = i): a race between lanes. A watchpoint stops at each write and names the writer;
// each write stores the writer's own value.
TEST(DebugPrompt, WatchNamesEachInvocationThatWritesARacyLocation) {
  const Output o = debug(kData + "race.wgsl --buffer out=zero:16 --bind 0:0=out --subgroup-size=4",
                         "break 5\nrun\nwatch out[1]\ndelete 1\ncontinue\ncontinue\ncontinue\ncontinue\nquit\n");
  EXPECT_EQ(answer(o.text, "watch out[1]"), "Watchpoint 2: out[1]\n");
  std::set<unsigned> writers;
  for (size_t k = 0; k < 3; ++k) {
    const std::string stop = answer(o.text, "continue", k);
    std::smatch m;
    ASSERT_TRUE(std::regex_search(stop, m, std::regex("Watchpoint 2: out\\[1\\] changed from [0-9]+u to ([0-9]+)u, written by "
                                                      "invocation \\(([0-9]+), 0, 0\\)")))
        << stop;
    const unsigned value = static_cast<unsigned>(std::stoul(m[1])), writer = static_cast<unsigned>(std::stoul(m[2]));
    EXPECT_EQ(value, writer == 6 ? 106u : writer) << stop;
    writers.insert(writer);
    // The focus is the writer, at its store.
    EXPECT_NE(stop.find(writer == 6 ? "7\t    out[1] = 100u + i;" : "9\t  out[slot] = i;"), std::string::npos) << stop;
  }
  EXPECT_EQ(writers, (std::set<unsigned>{1, 5, 6}));
  EXPECT_NE(answer(o.text, "continue", 3).find("The run ended: ok"), std::string::npos) << o.text;
}

// Breakpoints on built-ins: under round-robin workgroup 0 runs first, and in lockstep its
// subgroup 0 is the first to reach the first barrier (line 44), with all 32 lanes.
TEST(DebugPrompt, BreakOnABarrierBuiltin) {
  const Output o = debug(std::string(WGSLEMU_SOURCE_DIR) + "/corpus/specs/reduce_sum_workgroup.json --scheduler=round-robin",
                         "break atomicFoo\nbreak workgroupBarrier\nrun\nprint lidx\ninfo breakpoints\nquit\n");
  EXPECT_EQ(answer(o.text, "break atomicFoo"),
            "break: expected FILE:LINE, LINE, or a barrier or atomic built-in (e.g. workgroupBarrier, atomicAdd), got "
            "'atomicFoo'\n");
  EXPECT_EQ(answer(o.text, "break workgroupBarrier"), "Breakpoint 1 at workgroupBarrier\n");
  const std::string stop = answer(o.text, "run");
  EXPECT_NE(stop.find("subgroup 0 reached it with lanes [0,1,2,"), std::string::npos) << stop;
  EXPECT_NE(stop.find("30,31]"), std::string::npos) << stop;
  EXPECT_NE(stop.find("(workgroup (0, 0, 0), local index 0, subgroup 0, lane 0)"), std::string::npos) << stop;
  EXPECT_NE(stop.find("44\t  workgroupBarrier();"), std::string::npos) << stop;
  EXPECT_EQ(answer(o.text, "print lidx"), "lidx = 0u\n");
  EXPECT_EQ(answer(o.text, "info breakpoints"), "1: workgroupBarrier, 1 hit\n");
}

// ---- stops at the events of the checks (--races, bounds policies, injection, non-uniform
// collectives, non-finite values) and at barrier divergence

// race.wgsl under --races with round-robin subgroups (each runs to its return: the kernel has no
// atomic or loop): subgroup 0 (invocations 0-3) writes out[0..3] at line 9 first. Then in
// subgroup 1, invocation 6 writes out[1] at line 7: a race with invocation 1's write, found by
// invocation 6. Then at line 9 invocation 4 writes out[0]: a race with invocation 0 (the same
// instruction), found by invocation 4 (the first lane of subgroup 1).
TEST(DebugPrompt, RacesStopAtTheAccessThatFoundThem) {
  const std::string args = kData + "race.wgsl --buffer out=zero:16 --bind 0:0=out --subgroup-size=4 --races "
                           "--subgroup-scheduler=round-robin";
  const Output o = debug(args, "run\nprint i\ncontinue\nprint i\ninfo events\ncontinue\nquit\n");
  const std::string file = kData + "race.wgsl";
  const std::string first = answer(o.text, "run");
  EXPECT_EQ(first.rfind("Dynamic error: " + file + ":9:3: race: data race on storage buffer 'out' (@group(0) @binding(0)) "
                        "at byte offset 4: write at " + file + ":9:3 by invocation 1 of workgroup (0, 0, 0) and write at " +
                        file + ":7:5 by invocation 6 of workgroup (0, 0, 0) are not ordered (no storageBarrier between them)\n",
                        0),
            0u)
      << o.text;
  EXPECT_NE(first.find("Focus: invocation (6, 0, 0) (workgroup (0, 0, 0), local index 6, subgroup 1, lane 2)"),
            std::string::npos)
      << first;
  EXPECT_NE(first.find("7\t    out[1] = 100u + i;"), std::string::npos) << first;
  EXPECT_EQ(answer(o.text, "print i"), "i = 6u\n");
  const std::string second = answer(o.text, "continue");
  EXPECT_NE(second.find("at byte offset 0: write at " + file + ":9:3 by invocation 0 of workgroup (0, 0, 0) and write at " +
                        file + ":9:3 by invocation 4 of workgroup (0, 0, 0)"),
            std::string::npos)
      << second;
  EXPECT_NE(second.find("Focus: invocation (4, 0, 0)"), std::string::npos) << second;
  EXPECT_EQ(answer(o.text, "print i", 1), "i = 4u\n");
  const std::string events = answer(o.text, "info events");
  EXPECT_EQ(events.rfind("1: " + file + ":9:3: race: data race on storage buffer 'out'", 0), 0u) << events;
  EXPECT_NE(events.find("\n2: " + file + ":9:3: race: data race"), std::string::npos) << events;
  EXPECT_NE(answer(o.text, "continue", 1).find("The run ended: dynamic-error"), std::string::npos) << o.text;
  EXPECT_EQ(o.status, 4);
}

// oob.wgsl under each bounds policy: invocation 5 (subgroup 1, lane 1 with 4 lanes) writes
// data[9] of 8 elements at line 7. The session stops there, focused on it, with the line that
// `wgslemu run` prints for the same run (each policy words its own outcome).
TEST(DebugPrompt, BoundsPoliciesStopAtTheAccessWithTheRunsText) {
  const std::string args = kData + "oob.wgsl --buffer data=f32:1,2,3,4,5,6,7,8 --bind 0:0=data --subgroup-size=4";
  struct Case {
    const char* policy;
    const char* outcome;
    const char* column;  // the store, or the index (clamp clamps the index where it is computed)
  };
  for (const Case& c : {Case{"zero", "the store was dropped", "5"}, Case{"discard", "the invocation terminated", "5"},
                        Case{"trap", "the dispatch stopped (--oob=trap)", "5"}, Case{"clamp", "clamped to 7 (--oob=clamp)", "10"},
                        Case{"random:3:terminate", "", "5"}}) {
    const std::string a = args + " --oob=" + c.policy;
    const Output o = debug(a, "run\nprint i\nprint x\nbt\ncontinue\nquit\n");
    const std::string stop = answer(o.text, "run");
    const std::string where = kData + "oob.wgsl:7:" + c.column + ": ";
    ASSERT_EQ(stop.rfind("Dynamic error: " + where, 0), 0u) << c.policy << "\n" << o.text;
    const std::string text = stop.substr(15, stop.find('\n') - 15);
    EXPECT_NE(text.find("by invocation 5 of workgroup (0, 0, 0)"), std::string::npos) << text;
    EXPECT_NE(text.find(c.outcome), std::string::npos) << text;
    EXPECT_NE(text.find("9"), std::string::npos) << text;
    // The same line as `wgslemu run` prints.
    EXPECT_EQ(lineWith(run(a).text, where), text) << c.policy;
    EXPECT_NE(stop.find("Focus: invocation (5, 0, 0) (workgroup (0, 0, 0), local index 5, subgroup 1, lane 1)"),
              std::string::npos)
        << stop;
    EXPECT_EQ(answer(o.text, "print i"), "i = 5u\n") << c.policy;
    EXPECT_EQ(answer(o.text, "print x"), "x = 12\n") << c.policy;  // data[5] * 2
    EXPECT_EQ(answer(o.text, "bt"), "#0 main at " + kData + "oob.wgsl:7:" + c.column + "\n") << c.policy;
    EXPECT_NE(answer(o.text, "continue").find("The run ended: dynamic-error"), std::string::npos) << o.text;
    EXPECT_EQ(o.status, 4) << c.policy;
  }
}

// An injected poison: invocation 3's load of data[3] at line 5 returns 0x40000000 (2.0), so
// x = 2.0 * 2.0 = 4 instead of 8. Injected faults are events, not errors.
TEST(DebugPrompt, InjectedFaultsStopWhereTheyAreInjected) {
  const std::string args = kData + "oob.wgsl --buffer data=f32:1,2,3,4,5,6,7,8 --bind 0:0=data --subgroup-size=4 "
                           "--inject=poison:5:invocation=3,0,0:value=0x40000000";
  const Output o = debug(args, "run\nprint i\nnext\nprint x\nquit\n");
  const std::string stop = answer(o.text, "run");
  EXPECT_EQ(stop.rfind("Event: " + kData + "oob.wgsl:5:", 0), 0u) << o.text;
  EXPECT_NE(stop.find("injected fault (--inject=poison:5:invocation=3,0,0:value=0x40000000): the load by invocation 3 of "
                      "workgroup (0, 0, 0) returned 0x40000000"),
            std::string::npos)
      << stop;
  EXPECT_NE(stop.find("Focus: invocation (3, 0, 0)"), std::string::npos) << stop;
  EXPECT_EQ(answer(o.text, "print i"), "i = 3u\n");
  EXPECT_EQ(answer(o.text, "print x"), "x = 4\n");
}

// divergent_barrier.wgsl with out = 0,0,0,0,1,1,1,1: invocations 0-3 (subgroup 0) reach the
// barrier, 4-7 (subgroup 1) skip it and return. The session stops at the barrier, focused on the
// first invocation that arrived; the others can be inspected.
TEST(DebugPrompt, BarrierDivergenceStopsAtTheBarrier) {
  const std::string args = kData + "divergent_barrier.wgsl --buffer out=u32:0,0,0,0,1,1,1,1 --bind 0:0=out --subgroup-size=4 "
                           "--allow-nonuniform";
  const Output o = debug(args, "run\ninfo invocations\nprint tile[3]\ncontinue\nquit\n");
  const std::string stop = answer(o.text, "run");
  const std::string where = kData + "divergent_barrier.wgsl:8:5: ";
  ASSERT_EQ(stop.rfind("Dynamic error: " + where, 0), 0u) << o.text;
  const std::string text = stop.substr(15, stop.find('\n') - 15);
  EXPECT_NE(text.find("invocations (local_invocation_index) 0-3 arrived, 4-7 did not"), std::string::npos) << text;
  EXPECT_EQ(lineWith(run(args).text, where), text);
  EXPECT_NE(stop.find("Focus: invocation (0, 0, 0) (workgroup (0, 0, 0), local index 0, subgroup 0, lane 0)"), std::string::npos)
      << stop;
  EXPECT_NE(stop.find("8\t    workgroupBarrier();"), std::string::npos) << stop;
  const std::string info = answer(o.text, "info invocations");
  EXPECT_NE(info.find("subgroup 0: waiting at a barrier at divergent_barrier.wgsl:8:5"), std::string::npos) << info;
  EXPECT_NE(info.find("subgroup 1: returned"), std::string::npos) << info;
  EXPECT_EQ(answer(o.text, "print tile[3]"), "tile[3] = 30u\n");  // stored before the barrier
  EXPECT_NE(answer(o.text, "continue").find("The run ended: dynamic-error"), std::string::npos) << o.text;
  EXPECT_EQ(o.status, 4);
}

// collective.wgsl with out = 0,1,0,1,1,1,1,1: in subgroup 0 only lanes 1 and 3 take the branch
// with subgroupAdd (2 of 4 active); subgroup 1 takes it with all lanes.
TEST(DebugPrompt, NonUniformCollectiveStopsAtTheOperation) {
  const std::string args = kData + "collective.wgsl --buffer out=u32:0,1,0,1,1,1,1,1 --bind 0:0=out --subgroup-size=4 "
                           "--allow-nonuniform";
  const Output o = debug(args, "run\nprint v @ all\ncontinue\nquit\n");
  const std::string stop = answer(o.text, "run");
  const std::string where = kData + "collective.wgsl:9:9: ";
  ASSERT_EQ(stop.rfind("Dynamic error: " + where, 0), 0u) << o.text;
  const std::string text = stop.substr(15, stop.find('\n') - 15);
  EXPECT_NE(text.find("subgroup 0 of workgroup (0, 0, 0) had 2 of its 4 invocations active"), std::string::npos) << text;
  EXPECT_EQ(lineWith(run(args).text, where), text);
  EXPECT_NE(stop.find("Focus: invocation (1, 0, 0) (workgroup (0, 0, 0), local index 1, subgroup 0, lane 1)"), std::string::npos)
      << stop;
  // v = i + 1, not yet assigned the sum.
  EXPECT_EQ(answer(o.text, "print v @ all"),
            "v @ subgroup 0:\n"
            "  lane   0 (local    0) (inactive): 1u\n"
            "  lane   1 (local    1): 2u\n"
            "  lane   2 (local    2) (inactive): 3u\n"
            "  lane   3 (local    3): 4u\n");
  EXPECT_NE(answer(o.text, "continue").find("The run ended: dynamic-error"), std::string::npos) << o.text;
}

// nonfinite.wgsl with data = 1,0,2,4 under --nonfinite=report: invocation 1 computes 1.0 / 0.0.
TEST(DebugPrompt, NonFiniteReportStopsAtTheFirstInfinity) {
  const std::string args = kData + "nonfinite.wgsl --buffer data=f32:1,0,2,4 --bind 0:0=data --subgroup-size=4 "
                           "--nonfinite=report";
  const Output o = debug(args, "run\nprint x\ncontinue\nquit\n");
  const std::string stop = answer(o.text, "run");
  const std::string where = kData + "nonfinite.wgsl:6:11: ";
  ASSERT_EQ(stop.rfind("Event: " + where, 0), 0u) << o.text;
  const std::string text = stop.substr(7, stop.find('\n') - 7);
  EXPECT_NE(text.find("+inf from finite operands (1, 0) in invocation 1"), std::string::npos) << text;
  EXPECT_EQ(lineWith(run(args).text, where), text);
  EXPECT_NE(stop.find("Focus: invocation (1, 0, 0)"), std::string::npos) << stop;
  EXPECT_EQ(answer(o.text, "print x"), "x = 0\n");
  EXPECT_NE(answer(o.text, "continue").find("The run ended: ok"), std::string::npos) << o.text;
  EXPECT_EQ(o.status, 0);
}

// ---- the schedule: schedule, run-workgroup, save-schedule

// The chained lookback scan (7 workgroups; each takes a tile with an atomicAdd on tile_counter
// at line 76, publishes its aggregate with an atomicStore at line 116, unless it has tile 0,
// then polls its predecessor's tile_state with an atomicLoad at line 120 until it is ready),
// under --scheduler=unfair, the user playing the scheduler. Workgroup 1 takes tile 0 and is then
// never run again; workgroup 0 takes tile 1, publishes, and polls tile 0, which stays not ready
// (0): run alone forever it spins, and the hang is found (a short --hang-window keeps the test
// fast). The saved schedule (prefix 1 0 0 0, then 0 forever) replays the hang in `wgslemu run`.
TEST(DebugPrompt, PlayingTheSchedulerDrivesTheLookbackScanToItsHang) {
  const std::string spec = std::string(WGSLEMU_SOURCE_DIR) + "/corpus/specs/scan_chained_lookback.json";
  const std::string saved =
      (std::filesystem::temp_directory_path() / ("wgslemu_debug_schedule_" + std::to_string(::getpid()) + ".txt")).string();
  const Output o = debug(spec + " --scheduler=unfair --hang-window=1000",
                         "run-workgroup 1\nprint tile_counter\nrun-workgroup 0\nprint tile_counter\nrun-workgroup 0\n"
                         "print tile_id\nprint tile_state[1]\nrun-workgroup 0\nprint look\nprint state\n"
                         "schedule\nprint look\nrun-workgroup 9\nrun-workgroup 0 forever\nprint look\nsave-schedule " +
                             saved + "\ncontinue\nquit\n");
  EXPECT_EQ(answer(o.text, "run-workgroup 1").rfind("Workgroup 1 ran to after its atomic operation at "
                                                   "scan_chained_lookback.wgsl:76:18 (schedule entry 1)\n",
                                                   0),
            0u)
      << o.text;
  EXPECT_NE(answer(o.text, "run-workgroup 1").find("(workgroup (1, 0, 0), local index 0, subgroup 0, lane 0)"),
            std::string::npos);
  EXPECT_EQ(answer(o.text, "print tile_counter"), "tile_counter = 1u\n");  // workgroup 1 took tile 0
  EXPECT_NE(answer(o.text, "run-workgroup 0").find("atomic operation at scan_chained_lookback.wgsl:76:18 (schedule entry 2)"),
            std::string::npos)
      << o.text;
  EXPECT_EQ(answer(o.text, "print tile_counter", 1), "tile_counter = 2u\n");
  // Its next atomic: publishing its aggregate (flag 1 in the top two bits) for tile 1.
  EXPECT_NE(answer(o.text, "run-workgroup 0", 1).find("at scan_chained_lookback.wgsl:116:7 (schedule entry 3)"),
            std::string::npos)
      << o.text;
  EXPECT_EQ(answer(o.text, "print tile_id"), "tile_id = 1u\n");
  const std::string published = answer(o.text, "print tile_state[1]");  // flag 1 (aggregate) in bits 30-31
  ASSERT_EQ(published.rfind("tile_state[1] = ", 0), 0u) << published;
  EXPECT_EQ(std::stoul(published.substr(16)) >> 30, 1u) << published;
  // Then it polls tile 0: not ready.
  EXPECT_NE(answer(o.text, "run-workgroup 0", 2).find("at scan_chained_lookback.wgsl:120:21 (schedule entry 4)"),
            std::string::npos)
      << o.text;
  EXPECT_EQ(answer(o.text, "print look"), "look = 0u\n");
  EXPECT_EQ(answer(o.text, "print state"), "state = 0u\n");
  // After the played entries the rest runs in id order: workgroup 0 goes on polling, a loop
  // back-edge (line 119) and an atomicLoad (line 120) after another; nothing changes memory.
  const std::string sched = answer(o.text, "schedule");
  EXPECT_NE(sched.find("Scheduler: played by hand (an explicit schedule: 4 entries, then the rest in id order)"),
            std::string::npos)
      << sched;
  EXPECT_NE(sched.find("Entries so far (one per atomic operation; save-schedule keeps them): 4: 1 0 0 0\n"), std::string::npos)
      << sched;
  EXPECT_NE(sched.find("Now: workgroup 0 is in a step; its subgroup 0 runs next"), std::string::npos) << sched;
  EXPECT_NE(sched.find("  workgroup 0 runs to a loop back-edge at scan_chained_lookback.wgsl:119:7 (no memory change)\n"
                       "  workgroup 0 runs to after its atomic operation at scan_chained_lookback.wgsl:120:21 (no memory change)\n"),
            std::string::npos)
      << sched;
  EXPECT_EQ(sched.find("workgroup 1 runs"), std::string::npos) << sched;
  EXPECT_EQ(answer(o.text, "print look", 1), "look = 0u\n");  // back at the same stop
  EXPECT_EQ(answer(o.text, "run-workgroup 9"), "run-workgroup: the dispatch has 7 workgroups (0..6)\n");
  // Alone forever: the hang, explained by the schedule, on the spinner.
  const std::string hang = answer(o.text, "run-workgroup 0 forever");
  EXPECT_EQ(hang.rfind("Hang: ", 0), 0u) << hang;
  EXPECT_NE(hang.find("workgroup 0 spins at " + spec.substr(0, spec.find("specs/")) + "scan_chained_lookback.wgsl:120 on tile_state[0]"),
            std::string::npos)
      << hang;
  EXPECT_NE(hang.find("workgroup 1 is not in the schedule's cycle, so it never runs again"), std::string::npos) << hang;
  EXPECT_NE(hang.find("(workgroup (0, 0, 0), local index 0"), std::string::npos) << hang;
  EXPECT_EQ(answer(o.text, "print look", 2), "look = 0u\n");
  EXPECT_EQ(answer(o.text, "save-schedule " + saved).rfind("Saved the schedule to " + saved, 0), 0u) << o.text;
  const std::string ended = answer(o.text, "continue");
  EXPECT_NE(ended.find("The run ended: hang"), std::string::npos) << ended;
  EXPECT_NE(ended.find("--schedule=FILE"), std::string::npos) << ended;  // not the session's own file
  EXPECT_NE(ended.find("(the schedule was played by hand: save-schedule FILE writes it for --schedule=FILE)"), std::string::npos)
      << ended;
  EXPECT_EQ(o.status, 3);
  // The saved schedule: the entries played, then the spinner forever; `wgslemu run` replays the hang.
  std::ifstream f(saved);
  std::stringstream text;
  text << f.rdbuf();
  EXPECT_NE(text.str().find("\nprefix: 1 0 0 0\ncycle: 0\n"), std::string::npos) << text.str();
  const Output replay = run(spec + " --schedule=" + saved + " --hang-window=1000");
  EXPECT_EQ(replay.status, 3) << replay.text;
  EXPECT_NE(replay.text.find("tile_state[0]"), std::string::npos) << replay.text;
  std::remove(saved.c_str());
}

// `schedule` under round-robin (one step per workgroup in id order) on reduce_sum_workgroup (4
// workgroups of 8 subgroups in lockstep): stopped before subgroup 0 of workgroup 0 runs the first
// barrier, each of the next steps ends when a subgroup reaches that barrier (line 44), workgroup
// by workgroup in turn. Looking ahead comes back to the same stop: the breakpoint's hit count and
// the values are unchanged.
TEST(DebugPrompt, ScheduleShowsTheNextStepsAndComesBack) {
  const Output o = debug(std::string(WGSLEMU_SOURCE_DIR) + "/corpus/specs/reduce_sum_workgroup.json --scheduler=round-robin",
                         "break workgroupBarrier\nrun\nschedule\nprint lidx\ninfo breakpoints\nquit\n");
  const std::string sched = answer(o.text, "schedule");
  EXPECT_EQ(sched.rfind("Scheduler: round-robin\n", 0), 0u) << sched;
  EXPECT_NE(sched.find("Now: workgroup 0 is in a step; its subgroup 0 runs next, at reduce_sum_workgroup.wgsl:44:3"),
            std::string::npos)
      << sched;
  std::string order;
  std::smatch m;
  std::string rest = sched;
  while (std::regex_search(rest, m, std::regex("  workgroup ([0-9]+) runs to a barrier at reduce_sum_workgroup.wgsl:44:3"))) {
    order += m[1].str();
    rest = m.suffix();
  }
  EXPECT_EQ(order, "01230123") << sched;
  EXPECT_NE(sched.find("44\t  workgroupBarrier();"), std::string::npos) << sched;
  EXPECT_EQ(answer(o.text, "print lidx"), "lidx = 0u\n");
  EXPECT_EQ(answer(o.text, "info breakpoints"), "1: workgroupBarrier, 1 hit\n");
}

// ---- watchpoints on workgroup and private memory and whole composites, as reverse-continue targets

// watch.wgsl, one subgroup of 4 lanes in lockstep: line 14 stores tile = [0, 10, 20, 30] (all
// lanes at once), line 15 makes each invocation's private count 1, line 17 sets pair.b = 7 (only
// invocation 2), line 20 adds tile[3 - i] to count (invocation 0: 1 + 30 = 31).
TEST(DebugPrompt, WatchWorkgroupAndPrivateMemoryAndWholeCompositesForwardsAndBackwards) {
  const Output o = debug(kData + "watch.wgsl --buffer out=zero:16 --bind 0:0=out --subgroup-size=4",
                         "break 14\nrun\nwatch tile\nwatch pair\nwatch count\nwatch i\ninfo breakpoints\ndelete 1\n"
                         "continue\nprint tile\ncontinue\nprint count\ncontinue\nprint pair\nprint i\ncontinue\nprint count\n"
                         "continue\nreverse-continue\nprint count\nreverse-continue\nprint i\nreverse-continue\n"
                         "reverse-continue\nreverse-continue\nquit\n");
  EXPECT_EQ(answer(o.text, "watch tile"), "Watchpoint 2: tile\n");
  EXPECT_EQ(answer(o.text, "watch count"), "Watchpoint 4: count\n");
  EXPECT_NE(answer(o.text, "watch i").find("expected a place in memory"), std::string::npos) << o.text;
  EXPECT_EQ(answer(o.text, "info breakpoints"),
            "2: watch tile (array<u32, 4>, 16 bytes) (workgroup 0)\n"
            "3: watch pair (Pair, 8 bytes) (workgroup 0)\n"
            "4: watch count (u32, 4 bytes) (invocation subgroup 0 lane 0 of workgroup 0)\n"
            "1: 14, 1 hit\n");
  // Each stop: the old and new value of the whole watched place (the new one is what print
  // shows), the writer, at its store.
  const std::string tile = answer(o.text, "continue");
  EXPECT_EQ(tile.rfind("Watchpoint 2: tile changed from [0u, 0u, 0u, 0u] to [0u, 10u, 20u, 30u], written by invocation "
                       "(0, 0, 0)",
                       0),
            0u)
      << tile;
  EXPECT_NE(tile.find("14\t  tile[i] = i * 10u;"), std::string::npos) << tile;
  EXPECT_EQ(answer(o.text, "print tile"), "tile = [0u, 10u, 20u, 30u]\n");
  const std::string count = answer(o.text, "continue", 1);
  EXPECT_EQ(count.rfind("Watchpoint 4: count changed from 0u to 1u, written by invocation (0, 0, 0)", 0), 0u) << count;
  EXPECT_NE(count.find("15\t  count = count + 1u;"), std::string::npos) << count;
  EXPECT_EQ(answer(o.text, "print count"), "count = 1u\n");
  const std::string pair = answer(o.text, "continue", 2);
  EXPECT_NE(pair.find("Watchpoint 3: pair changed from "), std::string::npos) << pair;
  EXPECT_NE(pair.find(", written by invocation (2, 0, 0)"), std::string::npos) << pair;
  EXPECT_NE(pair.find("17\t    pair.b = 7u;"), std::string::npos) << pair;
  const std::string now = answer(o.text, "print pair");  // "pair = Pair{a: 0u, b: 7u}\n"
  EXPECT_NE(now.find("b: 7u"), std::string::npos) << now;
  EXPECT_NE(pair.find(" to " + now.substr(7, now.size() - 8) + ", written by"), std::string::npos) << pair << now;
  EXPECT_EQ(answer(o.text, "print i"), "i = 2u\n");
  const std::string sum = answer(o.text, "continue", 3);
  EXPECT_EQ(sum.rfind("Watchpoint 4: count changed from 1u to 31u, written by invocation (0, 0, 0)", 0), 0u) << sum;
  EXPECT_NE(answer(o.text, "continue", 4).find("The run ended: ok"), std::string::npos) << o.text;
  // Backwards from the end: the hits in reverse order, then the start.
  EXPECT_EQ(answer(o.text, "reverse-continue").rfind("Watchpoint 4: count changed from 1u to 31u", 0), 0u) << o.text;
  EXPECT_EQ(answer(o.text, "print count", 2), "count = 31u\n");
  EXPECT_EQ(answer(o.text, "reverse-continue", 1).rfind("Watchpoint 3: pair changed", 0), 0u) << o.text;
  EXPECT_EQ(answer(o.text, "print i", 1), "i = 2u\n");
  EXPECT_EQ(answer(o.text, "reverse-continue", 2).rfind("Watchpoint 4: count changed from 0u to 1u", 0), 0u) << o.text;
  EXPECT_EQ(answer(o.text, "reverse-continue", 3).rfind("Watchpoint 2: tile changed", 0), 0u) << o.text;
  EXPECT_EQ(answer(o.text, "reverse-continue", 4).rfind("No earlier breakpoint hit: back at the start of the run", 0), 0u)
      << o.text;
}

// ---- the cost of reverse steps

// The position line ("main at FILE:L:C") of an answer.
std::string position(const std::string& answer) {
  const size_t at = answer.find(" at " + kData);
  if (at == std::string::npos) return "<no position in: " + answer + ">";
  const size_t b = answer.rfind('\n', at) + 1;
  return answer.substr(b, answer.find('\n', at) - b);
}

// reverse-step retraces step exactly, and reverse-next retraces next, each with one
// re-execution (the target comes from the trace of the run, not from a search run).
TEST(DebugPrompt, ReverseStepRetracesStepWithOneReExecutionEach) {
  std::string script = "break 10\nrun\n";
  const int n = 8;
  for (int i = 0; i < n; ++i) script += "step\n";
  for (int i = 0; i < n; ++i) script += "reverse-step\n";
  script += "info reverse\n";
  for (int i = 0; i < 4; ++i) script += "next\n";
  for (int i = 0; i < 4; ++i) script += "reverse-next\n";
  script += "info reverse\nquit\n";
  const Output o = debug(kLoop, script);
  std::vector<std::string> forward = {position(answer(o.text, "run"))};
  for (int i = 0; i < n; ++i) forward.push_back(position(answer(o.text, "step", static_cast<size_t>(i))));
  for (int i = 0; i < n; ++i)
    EXPECT_EQ(position(answer(o.text, "reverse-step", static_cast<size_t>(i))), forward[static_cast<size_t>(n - 1 - i)])
        << "reverse-step " << i << "\n" << o.text;
  // n reverse steps, each one re-execution to its target found in the trace.
  const std::string cost = answer(o.text, "info reverse");
  EXPECT_EQ(cost.rfind("reverse execution: " + std::to_string(n) + " re-executions, ", 0), 0u) << cost;
  EXPECT_NE(cost.find(", " + std::to_string(n) + " reverse steps found in the trace"), std::string::npos) << cost;
  std::vector<std::string> nexts = {forward[0]};
  for (int i = 0; i < 4; ++i) nexts.push_back(position(answer(o.text, "next", static_cast<size_t>(i))));
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(position(answer(o.text, "reverse-next", static_cast<size_t>(i))), nexts[static_cast<size_t>(3 - i)])
        << "reverse-next " << i << "\n" << o.text;
  EXPECT_NE(answer(o.text, "info reverse", 1).find(std::to_string(n + 4) + " re-executions"), std::string::npos) << o.text;
  EXPECT_NE(answer(o.text, "info reverse", 1).find(std::to_string(n + 4) + " reverse steps found in the trace"),
            std::string::npos)
      << o.text;
}

// After the run has ended, reverse-step and reverse-next find their targets in the run's trace,
// although the run's kernel is gone (the session keeps the kernel's debug information; it read
// the freed kernel before, which AddressSanitizer reported). loop.wgsl: invocation 0 (lane 0,
// focused at the breakpoint) is even, so its last statements are `acc = square(acc)` (line 16),
// the helper's `let s = v * v` (line 4) and `return s` (line 5), then `out[gid.x] = acc`
// (line 18). Back from the end: line 18, then line 5 (inside the helper), then reverse-next at
// the helper's depth: line 4.
TEST(DebugPrompt, ReverseStepAfterTheEndUsesTheTraceOfTheEndedRun) {
  const Output o = debug(kLoop, "break 18\nrun\ndelete\ncontinue\nreverse-step\nreverse-step\nreverse-next\ninfo reverse\nquit\n");
  EXPECT_NE(answer(o.text, "continue").find("The run ended: ok"), std::string::npos) << o.text;
  EXPECT_EQ(position(answer(o.text, "reverse-step")), position(answer(o.text, "run"))) << o.text;
  EXPECT_NE(position(answer(o.text, "reverse-step")).find("main at " + kData + "loop.wgsl:18:"), std::string::npos) << o.text;
  EXPECT_NE(position(answer(o.text, "reverse-step", 1)).find("square at " + kData + "loop.wgsl:5:"), std::string::npos)
      << o.text;
  EXPECT_NE(position(answer(o.text, "reverse-next")).find("square at " + kData + "loop.wgsl:4:"), std::string::npos)
      << o.text;
  // Three reverse commands, each one re-execution to a target the trace gave.
  const std::string cost = answer(o.text, "info reverse");
  EXPECT_EQ(cost.rfind("reverse execution: 3 re-executions, ", 0), 0u) << cost;
  EXPECT_NE(cost.find(", 3 reverse steps found in the trace"), std::string::npos) << cost;
  EXPECT_EQ(o.status, 0) << o.text;
}

// ---- float modes

// float.wgsl under --float=ftz: for invocation 0, x = 1e-20 (normal), x * x = 1e-40 and the
// literal 1e-38 are subnormal, so flushing gives y = 0 and z = 0, where ieee keeps
// y = 1e-40 + 1e-38 and z = 3 * y (computed below in C++ floats, which keep subnormals). print
// says so; x is the same in both modes and is printed plainly.
TEST(DebugPrompt, PrintSaysWhenAValueDiffersFromTheIeeeResult) {
  const Output o = debug(kData + "float.wgsl --buffer data=f32:1e-20,2,3,1e-19 --bind 0:0=data --subgroup-size=4 --float=ftz",
                         "break 8\nrun\nprint x\nprint y\nprint z\nquit\n");
  EXPECT_EQ(answer(o.text, "print x"), "x = 1e-20\n");
  volatile float x = 1e-20f, tiny = 1e-38f;
  const float y = x * x + tiny;
  const float z = y * 3.0f;
  for (const auto& [name, want] : {std::pair<std::string, float>{"y", y}, {"z", z}}) {
    const std::string a = answer(o.text, "print " + name);
    std::smatch m;
    ASSERT_TRUE(std::regex_match(a, m, std::regex(name + " = 0 \\(ieee: ([-0-9.e+]+)\\)\n"))) << a;
    const double ieee = std::stod(m[1]);
    EXPECT_NEAR(ieee, want, std::abs(want) * 1e-6) << a;
    EXPECT_NE(ieee, 0.0);
  }
}

// ---- expressions through the WGSL front end

// The debugger's message for an expression that does not type-check is the front end's: the
// same as `wgslemu check` gives for the expression in a function with the visible variable
// (loop.wgsl line 13: acc is a u32 `var`, i a u32 loop variable).
TEST(DebugPrompt, FrontEndDiagnosticsAreThoseOfWgslemuCheck) {
  const Output o = debug(kLoop, "break 13\nrun\nprint acc.x\nprint i + true\nprint acc\nquit\n");
  const std::string path =
      (std::filesystem::temp_directory_path() / ("wgslemu_debug_expr_" + std::to_string(::getpid()) + ".wgsl")).string();
  for (const std::string expr : {"acc.x", "i + true"}) {
    {
      std::ofstream f(path);
      f << "fn f(acc: u32, i: u32) {\n  _ = (" << expr << ");\n}\n";
    }
    FILE* p = ::popen((kBin + " check " + path + " 2>&1").c_str(), "r");
    std::string check;
    std::array<char, 4096> buf{};
    size_t n;
    while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) check.append(buf.data(), n);
    ::pclose(p);
    std::smatch m;
    ASSERT_TRUE(std::regex_search(check, m, std::regex(":2:([0-9]+): error: ([^\n]+)"))) << check;
    const int column = std::stoi(m[1]) - 7;  // the expression starts at column 8 of "  _ = ("
    EXPECT_EQ(answer(o.text, "print " + expr), "print: " + expr + ": column " + std::to_string(column) + ": " + m[2].str() + "\n")
        << check;
  }
  EXPECT_EQ(answer(o.text, "print acc"), "acc = 0u\n");  // valid expressions are unaffected
  std::remove(path.c_str());
}

// ---- expressions evaluated by the engine

// expr.wgsl: one workgroup of 4 invocations (one subgroup); invocation i: total = 3i, then
// bump(&total, 5u) makes it 3i + 5; every invocation adds 1 to `hits` before the barrier; v =
// (i, i+1, i+2, i+3); items[i].key = total + v.w = 4i + 8.
const std::string kExpr = kData + "expr.wgsl --buffer items=zero:32 --bind 0:0=items --subgroup-size=4";

TEST(DebugPrompt, EveryWgslExpressionOverTheInvocationsVariables) {
  const Output o = debug(kExpr,
                         "break 11\nrun\ninvocation 2\nprint *p + by\nprint (*p << 2u) | 1u\nprint p\n"
                         "break 22\ncontinue\ninvocation 1\nprint atomicLoad(&hits)\nprint v.wzyx\nprint items[i].key\n"
                         "print items[i].key == total + v.w\nprint dot(v, vec4<u32>(1u))\nprint total >> 1u\n"
                         "print/x total ^ 0xffu\nprint select(1i, -1i, total > 7u)\nprint abs(i32(i) - 9)\n"
                         "print atomicAdd(&hits, 1u)\nprint atomicLoad(&hits) + 0u\nprint items[i].key + v.x @ all\nquit\n");
  // In bump for invocation 2: *p = 3 * 2 = 6, by = 5.
  EXPECT_EQ(answer(o.text, "print *p + by"), "*p + by = 11u\n");
  EXPECT_EQ(answer(o.text, "print (*p << 2u) | 1u"), "(*p << 2u) | 1u = 25u\n");  // 24 | 1
  EXPECT_EQ(answer(o.text, "print p"), "p = 6u\n");  // a pointer: what it points to
  // Line 22 for invocation 1: total = 8, v = (1, 2, 3, 4), key = 12; the four invocations added
  // to hits before the barrier.
  EXPECT_EQ(answer(o.text, "print atomicLoad(&hits)"), "atomicLoad(&hits) = 4u\n");
  EXPECT_EQ(answer(o.text, "print v.wzyx"), "v.wzyx = vec4<u32>(4u, 3u, 2u, 1u)\n");
  EXPECT_EQ(answer(o.text, "print items[i].key"), "items[i].key = 12u\n");
  EXPECT_EQ(answer(o.text, "print items[i].key == total + v.w"), "items[i].key == total + v.w = true\n");
  EXPECT_EQ(answer(o.text, "print dot(v, vec4<u32>(1u))"), "dot(v, vec4<u32>(1u)) = 10u\n");
  EXPECT_EQ(answer(o.text, "print total >> 1u"), "total >> 1u = 4u\n");
  EXPECT_EQ(answer(o.text, "print/x total ^ 0xffu"), "total ^ 0xffu = 0xf7\n");  // 8 ^ 255 = 247
  EXPECT_EQ(answer(o.text, "print select(1i, -1i, total > 7u)"), "select(1i, -1i, total > 7u) = -1\n");
  EXPECT_EQ(answer(o.text, "print abs(i32(i) - 9)"), "abs(i32(i) - 9) = 8\n");
  // Expressions do not change memory: atomicAdd is refused, hits is still 4.
  EXPECT_NE(answer(o.text, "print atomicAdd(&hits, 1u)").find("would change memory (atomicAdd)"), std::string::npos) << o.text;
  EXPECT_EQ(answer(o.text, "print atomicLoad(&hits) + 0u"), "atomicLoad(&hits) + 0u = 4u\n");
  // Every lane: key + v.x = (4l + 8) + l.
  EXPECT_EQ(answer(o.text, "print items[i].key + v.x @ all"),
            "items[i].key + v.x @ subgroup 0:\n"
            "  lane   0 (local    0): 8u\n"
            "  lane   1 (local    1): 13u\n"
            "  lane   2 (local    2): 18u\n"
            "  lane   3 (local    3): 23u\n");
}

TEST(DebugPrompt, BreakpointConditionsAreWgslExpressions) {
  const Output o = debug(kExpr, "break 22 if (i & 1u) == 1u && (total << 1u) > 17u\nrun\nprint i\nquit\n");
  // total << 1 = 6i + 10 > 17 for i >= 2; odd: only lane 3.
  EXPECT_NE(answer(o.text, "run").find("reached it with lanes [3]"), std::string::npos) << o.text;
  EXPECT_EQ(answer(o.text, "print i"), "i = 3u\n");
}

TEST(DebugPrompt, ExpressionsUseTheRunsFloatMode) {
  const Output o = debug(kData + "float.wgsl --buffer data=f32:1e-20,2,3,1e-19 --bind 0:0=data --subgroup-size=4 --float=ftz",
                         "break 8\nrun\nprint x * x\nprint x * 2.0\nquit\n");
  // x * x = 1e-40 is subnormal: flushed to 0 under ftz; the ieee run keeps it.
  volatile float x = 1e-20f;
  const float xx = x * x;
  const std::string a = answer(o.text, "print x * x");
  std::smatch m;
  ASSERT_TRUE(std::regex_match(a, m, std::regex("x \\* x = 0 \\(ieee: ([-0-9.e+]+)\\)\n"))) << a;
  EXPECT_NEAR(std::stod(m[1]), xx, xx * 1e-5) << a;
  // 2e-20 is normal: the same in both modes, so no ieee note.
  EXPECT_EQ(answer(o.text, "print x * 2.0"), "x * 2.0 = 2e-20\n");
}

// Built-in breakpoints name the built-in table's barriers and atomics: expr.wgsl runs atomicAdd on
// line 18 (hits is 0 before it) and atomicLoad only in the debugger's expressions; abs is neither.
TEST(DebugPrompt, BuiltinBreakpointsComeFromTheBuiltinTable) {
  const Output o = debug(kExpr, "break abs\nbreak atomicLoad\nbreak atomicAdd\nrun\nprint atomicLoad(&hits)\ncontinue\nquit\n");
  EXPECT_NE(answer(o.text, "break abs").find("a barrier or atomic built-in (e.g. workgroupBarrier, atomicAdd), got 'abs'"),
            std::string::npos)
      << o.text;
  EXPECT_EQ(answer(o.text, "break atomicLoad").find("got"), std::string::npos) << o.text;
  EXPECT_NE(answer(o.text, "run").find("Breakpoint 2"), std::string::npos) << o.text;  // atomicAdd, the second accepted
  EXPECT_NE(answer(o.text, "run").find("18\t  atomicAdd(&hits, 1u);"), std::string::npos) << o.text;
  EXPECT_EQ(answer(o.text, "print atomicLoad(&hits)"), "atomicLoad(&hits) = 0u\n");
  EXPECT_NE(answer(o.text, "continue").find("The run ended"), std::string::npos) << o.text;  // one subgroup: one hit
}

// run-workgroup plays any dispatch of a multi-pass spec. tickets.json runs tickets.wgsl twice
// (4 workgroups of one invocation each, each taking a ticket from `counter` and writing its id
// at order[ticket]). Under round-robin the first dispatch takes tickets 0..3 in id order; the
// breakpoint's condition (counter == 4) holds first in the second dispatch. There workgroup 3
// is played first (ticket 4), then workgroup 1 (ticket 5); the rest run in id order (0: ticket
// 6, 2: ticket 7), so order = [0, 1, 2, 3, 3, 1, 0, 2], the spec's expectation; without playing,
// the second dispatch would give [0, 1, 2, 3] again and fail it.
TEST(DebugPrompt, RunWorkgroupPlaysALaterDispatch) {
  const std::string saved =
      (std::filesystem::temp_directory_path() / ("wgslemu_debug_tickets_" + std::to_string(::getpid()) + ".txt")).string();
  const std::string spec = kData + "tickets.json --scheduler=round-robin";
  const Output o = debug(spec, "break 8 if atomicLoad(&counter) == 4u\nrun\nprint wid.x\ndelete 1\nrun-workgroup 3\n"
                               "print ticket\nrun-workgroup 1\nprint ticket\nschedule\nsave-schedule " + saved + "\ncontinue\nquit\n");
  EXPECT_EQ(answer(o.text, "print wid.x"), "wid.x = 0u\n");  // the second dispatch's first workgroup
  EXPECT_NE(answer(o.text, "run-workgroup 3").find("Workgroup 3 ran to after its atomic operation at tickets.wgsl:8:"),
            std::string::npos)
      << o.text;
  EXPECT_EQ(answer(o.text, "print ticket"), "ticket = 4u\n");
  EXPECT_NE(answer(o.text, "run-workgroup 1").find("(schedule entry 2)"), std::string::npos) << o.text;
  EXPECT_EQ(answer(o.text, "print ticket", 1), "ticket = 5u\n");
  EXPECT_NE(answer(o.text, "schedule").find("Entries so far (one per atomic operation; save-schedule keeps them): 2: 3 1\n"),
            std::string::npos)
      << o.text;
  EXPECT_NE(answer(o.text, "continue").find("The run ended: ok"), std::string::npos) << o.text;
  EXPECT_EQ(o.status, 0) << o.text;
  std::ifstream f(saved);
  std::stringstream text;
  text << f.rdbuf();
  // The file has a section for the second dispatch alone, and `run --schedule` replays it there
  // (the first dispatch under round-robin, as when it was played): the expectations hold.
  EXPECT_NE(text.str().find("dispatch 2:\nprefix: 3 1\n"), std::string::npos) << text.str();
  EXPECT_EQ(text.str().find("dispatch 1:"), std::string::npos) << text.str();
  const Output replayed = run(spec + " --schedule=" + saved);
  EXPECT_EQ(replayed.status, 0) << replayed.text;
  std::remove(saved.c_str());
  // Unplayed, the second dispatch takes its tickets in id order and the expectation fails.
  EXPECT_NE(run(spec).status, 0);
}

// calls.wgsl: in put (line 7) for invocation 0, p points to `out` (all zero) and i = 0; spin(n)
// counts k up to n, so spin(5u) = 5 and spin(0u) never ends (k wraps around after 2^32 steps).
TEST(DebugPrompt, ExpressionsThatCannotBeEvaluatedSayWhy) {
  const Output o = debug(kData + "calls.wgsl --buffer out=zero:16 --bind 0:0=out --subgroup-size=4",
                         "break 7\nrun\nprint (*p)[i] + 1u\nprint p\nprint spin(5u)\nprint spin(0u)\nprint unused_p\nprint i\nquit\n");
  EXPECT_EQ(answer(o.text, "print (*p)[i] + 1u"), "(*p)[i] + 1u = 1u\n");
  EXPECT_EQ(answer(o.text, "print p"), "p = [0u, 0u, 0u, 0u]\n");
  EXPECT_EQ(answer(o.text, "print spin(5u)"), "spin(5u) = 5u\n");
  EXPECT_EQ(answer(o.text, "print spin(0u)"),
            "print: spin(0u): the expression ran more than 1048576 instructions (a loop that does not end?)\n");
  EXPECT_EQ(answer(o.text, "print unused_p"),
            "print: unused_p: 'unused_p' is not used by the entry point 'main', so the run has no value for it\n");
  EXPECT_EQ(answer(o.text, "print i"), "i = 0u\n");  // the session goes on
}

}  // namespace
