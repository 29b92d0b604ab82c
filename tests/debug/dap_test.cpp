// `wgslemu dap`: a small Debug Adapter Protocol client writes a session's requests (the adapter
// answers requests in order, so they can be written up front) and reads the framed answers.
// Expected values are worked out from tests/debug/data/loop.wgsl.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace {

using nlohmann::json;

const std::string kBin = WGSLEMU_BINARY;
const std::string kData = std::string(WGSLEMU_SOURCE_DIR) + "/tests/debug/data/";

std::string frame(const json& m) {
  const std::string body = m.dump();
  return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

struct Session {
  std::vector<json> messages;  // everything the adapter sent, in order
  int status = 0;
  // The response to request `seq`.
  json response(int seq) const {
    for (const json& m : messages)
      if (m["type"] == "response" && m["request_seq"] == seq) return m;
    return json();
  }
  std::vector<json> events(const std::string& name) const {
    std::vector<json> out;
    for (const json& m : messages)
      if (m["type"] == "event" && m["event"] == name) out.push_back(m);
    return out;
  }
};

Session runDap(const std::string& input) {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("wgslemu_dap_input_" + std::to_string(::getpid()) + ".txt")).string();
  {
    std::ofstream f(path, std::ios::binary);
    f << input;
  }
  std::string out;
  FILE* p = ::popen((kBin + " dap < " + path).c_str(), "r");
  std::array<char, 4096> buf{};
  size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) out.append(buf.data(), n);
  const int rc = ::pclose(p);
  std::remove(path.c_str());
  Session s;
  s.status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  size_t at = 0;
  while (at < out.size()) {
    const size_t header_end = out.find("\r\n\r\n", at);
    EXPECT_NE(header_end, std::string::npos) << "unframed output: " << out.substr(at);
    if (header_end == std::string::npos) break;
    const std::string header = out.substr(at, header_end - at);
    EXPECT_EQ(header.rfind("Content-Length: ", 0), 0u) << header;
    const size_t len = std::stoul(header.substr(16));
    s.messages.push_back(json::parse(out.substr(header_end + 4, len)));
    at = header_end + 4 + len;
  }
  return s;
}

json request(int seq, const std::string& command, json arguments = json::object()) {
  return {{"seq", seq}, {"type", "request"}, {"command", command}, {"arguments", std::move(arguments)}};
}

TEST(Dap, LaunchBreakpointStepVariablesStepBackContinueToExit) {
  const std::string program = kData + "loop.wgsl";
  std::string in;
  in += frame(request(1, "initialize", {{"adapterID", "wgslemu"}}));
  in += frame(request(2, "launch",
                      {{"program", program},
                       {"args", {"--buffer", "out=zero:16", "--bind", "0:0=out", "--subgroup-size=4"}}}));
  in += frame(request(3, "setBreakpoints",
                      {{"source", {{"path", program}}}, {"breakpoints", {{{"line", 13}, {"condition", "gid.x == 2u"}}}}}));
  in += frame(request(4, "configurationDone"));
  // Stopped at the breakpoint (lane 2, first iteration).
  in += frame(request(5, "threads"));
  in += frame(request(6, "stackTrace", {{"threadId", 1}}));
  in += frame(request(7, "scopes", {{"frameId", 1}}));
  in += frame(request(8, "variables", {{"variablesReference", 1000000}}));
  in += frame(request(9, "evaluate", {{"expression", "gid.x + i"}, {"frameId", 1}}));
  in += frame(request(10, "next", {{"threadId", 1}}));
  in += frame(request(11, "stackTrace", {{"threadId", 1}}));
  in += frame(request(12, "stepBack", {{"threadId", 1}}));
  in += frame(request(13, "stackTrace", {{"threadId", 1}}));
  in += frame(request(14, "continue", {{"threadId", 1}}));
  in += frame(request(15, "evaluate", {{"expression", "i"}, {"frameId", 1}}));
  in += frame(request(16, "evaluate", {{"expression", "i +"}, {"frameId", 1}}));
  in += frame(request(20, "reverseContinue", {{"threadId", 1}}));
  in += frame(request(21, "evaluate", {{"expression", "i"}, {"frameId", 1}}));
  in += frame(request(17, "setBreakpoints", {{"source", {{"path", program}}}, {"breakpoints", json::array()}}));
  in += frame(request(18, "continue", {{"threadId", 1}}));
  in += frame(request(19, "disconnect"));
  const Session s = runDap(in);
  EXPECT_EQ(s.status, 0);

  EXPECT_TRUE(s.response(1)["success"].get<bool>());
  EXPECT_TRUE(s.response(1)["body"]["supportsStepBack"].get<bool>());
  EXPECT_EQ(s.events("initialized").size(), 1u);
  EXPECT_TRUE(s.response(2)["success"].get<bool>()) << s.response(2);
  EXPECT_TRUE(s.response(3)["body"]["breakpoints"][0]["verified"].get<bool>());

  const auto stops = s.events("stopped");
  ASSERT_GE(stops.size(), 4u);
  EXPECT_EQ(stops[0]["body"]["reason"], "breakpoint");
  EXPECT_EQ(stops[0]["body"]["threadId"], 100002);  // the invocation whose condition held: lane 2

  // The focused subgroup's invocations are the threads (one subgroup of 4 lanes).
  const json threads = s.response(5)["body"]["threads"];
  ASSERT_EQ(threads.size(), 4u) << threads;
  EXPECT_EQ(threads[2]["id"], 100002);
  EXPECT_EQ(threads[2]["name"], "invocation (2, 0, 0) (local index 2, subgroup 0, lane 2)");
  const json top = s.response(6)["body"]["stackFrames"][0];
  EXPECT_EQ(top["name"], "main");
  EXPECT_EQ(top["line"], 13);
  EXPECT_EQ(s.response(7)["body"]["scopes"][0]["name"], "Locals");

  // Locals of lane 2 in the first iteration: i = 0, acc = 0, gid = (2, 0, 0) (a vector: children).
  const json locals = s.response(8);  // (a named copy: the loop below must not iterate into a temporary)
  ASSERT_TRUE(locals["success"].get<bool>()) << locals;
  std::map<std::string, json> vars;
  for (const json& v : locals["body"]["variables"]) vars[v["name"].get<std::string>()] = v;
  EXPECT_EQ(vars["i"]["value"], "0u");
  EXPECT_EQ(vars["acc"]["value"], "0u");
  EXPECT_EQ(vars["gid"]["value"], "vec3<u32>(2u, 0u, 0u)");
  EXPECT_EQ(vars["gid"]["type"], "vec3<u32>");
  EXPECT_GT(vars["gid"]["variablesReference"].get<int>(), 0);
  EXPECT_EQ(s.response(9)["body"]["result"], "2u");

  // next: the loop's update on line 12; stepBack: line 13 again.
  EXPECT_EQ(stops[1]["body"]["reason"], "step");
  EXPECT_EQ(s.response(11)["body"]["stackFrames"][0]["line"], 12);
  EXPECT_EQ(stops[2]["body"]["reason"], "step");
  EXPECT_EQ(s.response(13)["body"]["stackFrames"][0]["line"], 13);
  // continue: the second iteration's hit.
  EXPECT_EQ(stops[3]["body"]["reason"], "breakpoint");
  EXPECT_EQ(s.response(15)["body"]["result"], "1u");
  EXPECT_FALSE(s.response(16)["success"].get<bool>());
  EXPECT_NE(s.response(16)["message"].get<std::string>().find("expected an expression"), std::string::npos);
  // reverseContinue: back to the first iteration's hit.
  ASSERT_GE(stops.size(), 5u);
  EXPECT_EQ(stops[4]["body"]["reason"], "breakpoint");
  EXPECT_EQ(s.response(21)["body"]["result"], "0u");
  // Without breakpoints the run ends: exited (code 0) and terminated.
  ASSERT_EQ(s.events("exited").size(), 1u);
  EXPECT_EQ(s.events("exited")[0]["body"]["exitCode"], 0);
  EXPECT_GE(s.events("terminated").size(), 1u);
  EXPECT_TRUE(s.response(19)["success"].get<bool>());
}

TEST(Dap, GarbageAndDisconnectGetClearErrorsNeverACrash) {
  std::string in;
  in += "hello there\r\n\r\n";                                  // not a header
  in += "Content-Length: 99999999999999999999\r\n\r\n";          // absurd length
  in += frame(json::array({1, 2}));                              // JSON, not an object
  in += "Content-Length: 5\r\n\r\n{oops";                        // not JSON
  in += frame(request(1, "frobnicate"));                         // unknown request
  in += frame(request(2, "stackTrace", {{"threadId", 1}}));      // nothing is running
  in += frame(request(3, "launch", {{"program", kData + "does_not_exist.json"}}));
  in += "Content-Length: 40\r\n\r\n{\"seq\": 4";                 // cut off: the client went away
  const Session s = runDap(in);
  EXPECT_EQ(s.status, 0);
  std::string errors;
  for (const json& e : s.events("output")) errors += e["body"]["output"].get<std::string>();
  EXPECT_NE(errors.find("malformed header line 'hello there'"), std::string::npos) << errors;
  EXPECT_NE(errors.find("bad Content-Length"), std::string::npos) << errors;
  EXPECT_NE(errors.find("not a JSON object"), std::string::npos) << errors;
  EXPECT_FALSE(s.response(1)["success"].get<bool>());
  EXPECT_EQ(s.response(1)["message"], "unsupported request 'frobnicate'");
  EXPECT_FALSE(s.response(2)["success"].get<bool>());
  EXPECT_FALSE(s.response(3)["success"].get<bool>());
  EXPECT_NE(s.response(3)["message"].get<std::string>().find("does_not_exist.json"), std::string::npos) << s.response(3);
}

// oob.wgsl: invocation 5 writes data[9] of 8 elements; the adapter stops with reason "exception",
// the run's message, focused on the writer's subgroup (local index 5: subgroup 1 of size 4).
TEST(Dap, DynamicErrorStopsWithAnExceptionAtTheOffendingStatement) {
  const std::string program = kData + "oob.wgsl";
  std::string in;
  in += frame(request(1, "initialize"));
  in += frame(request(2, "launch",
                      {{"program", program},
                       {"args", {"--buffer", "data=f32:1,2,3,4,5,6,7,8", "--bind", "0:0=data", "--subgroup-size=4"}}}));
  in += frame(request(3, "configurationDone"));
  in += frame(request(4, "stackTrace", {{"threadId", 2}}));
  in += frame(request(5, "evaluate", {{"expression", "i"}, {"frameId", 1}}));
  in += frame(request(6, "disconnect"));
  const Session s = runDap(in);
  EXPECT_EQ(s.status, 0);
  const auto stops = s.events("stopped");
  ASSERT_EQ(stops.size(), 1u);
  EXPECT_EQ(stops[0]["body"]["reason"], "exception");
  EXPECT_EQ(stops[0]["body"]["threadId"], 100001);  // local index 5: lane 1 of subgroup 1
  EXPECT_NE(stops[0]["body"]["description"].get<std::string>().find("out-of-bounds write of 4 bytes through index 9"),
            std::string::npos);
  EXPECT_EQ(s.response(4)["body"]["stackFrames"][0]["line"], 7);
  EXPECT_EQ(s.response(5)["body"]["result"], "5u");
}

// Function breakpoints name barrier and atomic built-ins: on reduce_sum_workgroup under
// round-robin, workgroup 0's subgroup 0 reaches the first workgroupBarrier (line 44) first.
TEST(Dap, FunctionBreakpointOnABarrier) {
  std::string in;
  in += frame(request(1, "initialize"));
  in += frame(request(2, "setFunctionBreakpoints", {{"breakpoints", {{{"name", "workgroupBarrier"}}, {{"name", "memcpy"}}}}}));
  in += frame(request(3, "launch", {{"program", std::string(WGSLEMU_SOURCE_DIR) + "/corpus/specs/reduce_sum_workgroup.json"},
                                    {"args", {"--scheduler=round-robin"}}}));
  in += frame(request(4, "configurationDone"));
  in += frame(request(5, "stackTrace", {{"threadId", 1}}));
  in += frame(request(6, "evaluate", {{"expression", "lidx"}, {"frameId", 1}}));
  in += frame(request(7, "disconnect"));
  const Session s = runDap(in);
  EXPECT_TRUE(s.response(1)["body"]["supportsFunctionBreakpoints"].get<bool>());
  const json bps = s.response(2)["body"]["breakpoints"];
  EXPECT_TRUE(bps[0]["verified"].get<bool>());
  EXPECT_FALSE(bps[1]["verified"].get<bool>());
  EXPECT_NE(bps[1]["message"].get<std::string>().find("'memcpy'"), std::string::npos) << bps;
  const auto stops = s.events("stopped");
  ASSERT_EQ(stops.size(), 1u);
  EXPECT_EQ(stops[0]["body"]["reason"], "breakpoint");
  EXPECT_EQ(stops[0]["body"]["threadId"], 100000);  // lane 0 of subgroup 0
  EXPECT_EQ(s.response(5)["body"]["stackFrames"][0]["line"], 44);
  EXPECT_EQ(s.response(6)["body"]["result"], "0u");
}

// --races under DAP: race.wgsl with round-robin subgroups; invocation 6 (subgroup 1) writes
// out[1] at line 7 after invocation 1 wrote it at line 9 (see debug_prompt_test): an exception stop
// on its thread (lane 2 of subgroup 1) with the run's race sentence.
TEST(Dap, RaceStopsWithAnExceptionOnTheInvocationThatFoundIt) {
  const std::string program = kData + "race.wgsl";
  std::string in;
  in += frame(request(1, "initialize"));
  in += frame(request(2, "launch", {{"program", program},
                                    {"args", {"--buffer", "out=zero:16", "--bind", "0:0=out", "--subgroup-size=4", "--races",
                                              "--subgroup-scheduler=round-robin"}}}));
  in += frame(request(3, "configurationDone"));
  in += frame(request(4, "stackTrace", {{"threadId", 2}}));
  in += frame(request(5, "evaluate", {{"expression", "i"}, {"frameId", 1}}));
  in += frame(request(6, "disconnect"));
  const Session s = runDap(in);
  const auto stops = s.events("stopped");
  ASSERT_EQ(stops.size(), 1u);
  EXPECT_EQ(stops[0]["body"]["reason"], "exception");
  EXPECT_EQ(stops[0]["body"]["threadId"], 100002);
  EXPECT_NE(stops[0]["body"]["description"].get<std::string>().find("data race on storage buffer 'out'"), std::string::npos)
      << stops[0];
  EXPECT_EQ(s.response(4)["body"]["stackFrames"][0]["line"], 7);
  EXPECT_EQ(s.response(5)["body"]["result"], "6u");
}

// `snapshotEvery` in launch sets the snapshot interval of reverse execution: a bad value is a
// failed launch (and a second launch then works); stepping back over snapshots taken every
// instruction lands where stepping forwards was (loop.wgsl: line 13 of lane 2, i = 0).
TEST(Dap, LaunchSetsTheSnapshotInterval) {
  const std::string program = kData + "loop.wgsl";
  const json args = {"--buffer", "out=zero:16", "--bind", "0:0=out", "--subgroup-size=4"};
  std::string in;
  in += frame(request(1, "initialize"));
  in += frame(request(2, "launch", {{"program", program}, {"args", args}, {"snapshotEvery", "often"}}));
  in += frame(request(3, "launch", {{"program", program}, {"args", args}, {"snapshotEvery", 1}}));
  in += frame(request(4, "setBreakpoints",
                      {{"source", {{"path", program}}}, {"breakpoints", {{{"line", 13}, {"condition", "gid.x == 2u"}}}}}));
  in += frame(request(5, "configurationDone"));
  in += frame(request(6, "continue", {{"threadId", 1}}));
  in += frame(request(7, "evaluate", {{"expression", "i"}, {"frameId", 1}}));
  in += frame(request(8, "reverseContinue", {{"threadId", 1}}));
  in += frame(request(9, "evaluate", {{"expression", "i"}, {"frameId", 1}}));
  in += frame(request(10, "disconnect"));
  const Session s = runDap(in);
  EXPECT_FALSE(s.response(2)["success"].get<bool>());
  EXPECT_EQ(s.response(2)["message"], "launch: snapshotEvery must be a number of instructions (0: no snapshots)");
  EXPECT_TRUE(s.response(3)["success"].get<bool>()) << s.response(3);
  EXPECT_EQ(s.response(7)["body"]["result"], "1u");  // the second iteration's hit
  EXPECT_EQ(s.response(9)["body"]["result"], "0u");  // back at the first
}

// The scopes of a frame (watch.wgsl at line 20, after the barrier, focused on invocation 2):
// Locals (i), Workgroup memory (tile = [0, 10, 20, 30], pair = {a: 0, b: 7}), Bindings (out,
// not written yet) and, since the kernel has one, the private module-scope `count` (1 after the
// first increment of line 15).
TEST(Dap, ScopesAreLocalsWorkgroupMemoryBindingsAndPrivate) {
  const std::string program = kData + "watch.wgsl";
  std::string in;
  in += frame(request(1, "initialize"));
  in += frame(request(2, "launch", {{"program", program},
                                    {"args", {"--buffer", "out=zero:16", "--bind", "0:0=out", "--subgroup-size=4"}}}));
  in += frame(request(3, "setBreakpoints",
                      {{"source", {{"path", program}}}, {"breakpoints", {{{"line", 20}, {"condition", "i == 2u"}}}}}));
  in += frame(request(4, "configurationDone"));
  in += frame(request(5, "scopes", {{"frameId", 1}}));
  in += frame(request(6, "variables", {{"variablesReference", 1000000}}));
  in += frame(request(7, "variables", {{"variablesReference", 1000001}}));
  in += frame(request(8, "variables", {{"variablesReference", 1000002}}));
  in += frame(request(9, "variables", {{"variablesReference", 1000003}}));
  in += frame(request(10, "disconnect"));
  const Session s = runDap(in);
  const json scopes = s.response(5)["body"]["scopes"];
  ASSERT_EQ(scopes.size(), 4u) << scopes;
  EXPECT_EQ(scopes[0]["name"], "Locals");
  EXPECT_EQ(scopes[0]["presentationHint"], "locals");
  EXPECT_EQ(scopes[1]["name"], "Workgroup memory");
  EXPECT_EQ(scopes[2]["name"], "Bindings");
  EXPECT_EQ(scopes[3]["name"], "Private (module scope)");
  for (size_t k = 0; k < 4; ++k) EXPECT_EQ(scopes[k]["variablesReference"], 1000000 + static_cast<int>(k));
  auto names = [&](int id) {
    std::map<std::string, std::string> out;
    const json r = s.response(id);  // a named copy: the loop must not iterate into a temporary
    for (const json& v : r["body"]["variables"]) out[v["name"].get<std::string>()] = v["value"].get<std::string>();
    return out;
  };
  EXPECT_EQ(names(6), (std::map<std::string, std::string>{{"i", "2u"}}));
  const auto wg = names(7);
  ASSERT_EQ(wg.size(), 2u) << s.response(7);
  EXPECT_EQ(wg.at("tile"), "[0u, 10u, 20u, 30u]");
  EXPECT_NE(wg.at("pair").find("7u"), std::string::npos) << wg.at("pair");
  const auto bindings = names(8);
  ASSERT_EQ(bindings.size(), 1u) << s.response(8);
  EXPECT_EQ(bindings.count("out"), 1u);
  EXPECT_EQ(names(9), (std::map<std::string, std::string>{{"count", "1u"}}));
}

// Data breakpoints (watchpoints) on watch.wgsl (see debug_prompt_test): at line 14, watch the
// workgroup struct `pair` and the element tile[2]; `i` lives in registers and cannot be watched.
// tile[2] = 20 is written first (invocation 2, line 14), then pair.b = 7 (invocation 2, line 17).
TEST(Dap, DataBreakpointsOnWorkgroupMemory) {
  const std::string program = kData + "watch.wgsl";
  std::string in;
  in += frame(request(1, "initialize"));
  in += frame(request(2, "launch", {{"program", program},
                                    {"args", {"--buffer", "out=zero:16", "--bind", "0:0=out", "--subgroup-size=4"}}}));
  in += frame(request(3, "setBreakpoints", {{"source", {{"path", program}}}, {"breakpoints", {{{"line", 14}}}}}));
  in += frame(request(4, "configurationDone"));
  in += frame(request(5, "dataBreakpointInfo", {{"variablesReference", 1000001}, {"name", "pair"}}));
  in += frame(request(6, "dataBreakpointInfo", {{"name", "tile[2]"}}));
  in += frame(request(7, "dataBreakpointInfo", {{"variablesReference", 1000000}, {"name", "i"}}));
  in += frame(request(8, "setDataBreakpoints", {{"breakpoints", {{{"dataId", "pair"}}, {{"dataId", "tile[2]"}}, {{"dataId", "i"}}}}}));
  in += frame(request(9, "setBreakpoints", {{"source", {{"path", program}}}, {"breakpoints", json::array()}}));
  in += frame(request(10, "continue", {{"threadId", 1}}));
  in += frame(request(11, "evaluate", {{"expression", "i"}, {"frameId", 1}}));
  in += frame(request(12, "continue", {{"threadId", 1}}));
  in += frame(request(13, "stackTrace", {{"threadId", 1}}));
  in += frame(request(14, "evaluate", {{"expression", "pair.b"}, {"frameId", 1}}));
  in += frame(request(15, "continue", {{"threadId", 1}}));
  in += frame(request(16, "disconnect"));
  const Session s = runDap(in);
  EXPECT_TRUE(s.response(1)["body"]["supportsDataBreakpoints"].get<bool>());
  EXPECT_EQ(s.response(5)["body"]["dataId"], "pair");
  EXPECT_EQ(s.response(6)["body"]["dataId"], "tile[2]");
  EXPECT_TRUE(s.response(7)["body"]["dataId"].is_null()) << s.response(7);
  const json bps = s.response(8)["body"]["breakpoints"];
  EXPECT_TRUE(bps[0]["verified"].get<bool>());
  EXPECT_TRUE(bps[1]["verified"].get<bool>());
  EXPECT_FALSE(bps[2]["verified"].get<bool>());
  const auto stops = s.events("stopped");
  ASSERT_EQ(stops.size(), 3u);
  EXPECT_EQ(stops[1]["body"]["reason"], "data breakpoint");
  EXPECT_NE(stops[1]["body"]["text"].get<std::string>().find("tile[2] changed from 0u to 20u"), std::string::npos) << stops[1];
  EXPECT_EQ(s.response(11)["body"]["result"], "2u");
  EXPECT_EQ(stops[2]["body"]["reason"], "data breakpoint");
  EXPECT_EQ(s.response(13)["body"]["stackFrames"][0]["line"], 17);
  EXPECT_EQ(s.response(14)["body"]["result"], "7u");
  ASSERT_EQ(s.events("exited").size(), 1u);
}

// pause while the program runs: the corpus's largest spec runs 134 161 subgroup instructions;
// the adapter reads requests every 4096 of them, so the pause that follows configurationDone
// stops it early (with reason "pause"), and the requests after it are answered at that stop.
TEST(Dap, PauseStopsARunningProgram) {
  std::string in;
  in += frame(request(1, "initialize"));
  in += frame(request(2, "launch", {{"program", std::string(WGSLEMU_SOURCE_DIR) + "/corpus/specs/futhark_style_i8_packed.json"}}));
  in += frame(request(3, "configurationDone"));
  in += frame(request(4, "pause", {{"threadId", 1}}));
  in += frame(request(5, "stackTrace", {{"threadId", 1}}));
  in += frame(request(6, "continue", {{"threadId", 1}}));
  in += frame(request(7, "pause", {{"threadId", 1}}));
  in += frame(request(8, "disconnect"));
  const Session s = runDap(in);
  EXPECT_EQ(s.status, 0);
  EXPECT_TRUE(s.response(4)["success"].get<bool>()) << s.response(4);
  const auto stops = s.events("stopped");
  ASSERT_GE(stops.size(), 1u);
  EXPECT_EQ(stops[0]["body"]["reason"], "pause");
  EXPECT_TRUE(s.response(5)["success"].get<bool>()) << s.response(5);
  EXPECT_GT(s.response(5)["body"]["stackFrames"][0]["line"].get<int>(), 0);
  // The second pause also stops the run before its end (134 161 instructions, read every 4096).
  ASSERT_EQ(stops.size(), 2u);
  EXPECT_EQ(stops[1]["body"]["reason"], "pause");
  EXPECT_TRUE(s.events("exited").empty());
}

// Threads: the focused subgroup's invocations, the other subgroups one thread each. race.wgsl has
// 8 invocations, in subgroups of 4: the breakpoint on line 9 with `i == 5u` stops lane 1 of
// subgroup 1; subgroup 0 is one thread (id 1). Selecting lane 3's thread (i = 7, slot = 3) moves
// the focus there; selecting subgroup 0's thread moves it to its first lane (i = 0).
TEST(Dap, ThreadsAreTheFocusedSubgroupsInvocations) {
  const std::string program = kData + "race.wgsl";
  std::string in;
  in += frame(request(1, "initialize"));
  in += frame(request(2, "launch", {{"program", program},
                                    {"args", {"--buffer", "out=zero:16", "--bind", "0:0=out", "--subgroup-size=4"}}}));
  in += frame(request(3, "setBreakpoints",
                      {{"source", {{"path", program}}}, {"breakpoints", {{{"line", 9}, {"condition", "i == 5u"}}}}}));
  in += frame(request(4, "configurationDone"));
  in += frame(request(5, "threads"));
  in += frame(request(6, "stackTrace", {{"threadId", 100003}}));
  in += frame(request(7, "evaluate", {{"expression", "i * 10u + slot"}, {"frameId", 1}}));
  in += frame(request(8, "stackTrace", {{"threadId", 1}}));
  in += frame(request(9, "evaluate", {{"expression", "i"}, {"frameId", 1}}));
  in += frame(request(10, "disconnect"));
  const Session s = runDap(in);
  const auto stops = s.events("stopped");
  ASSERT_EQ(stops.size(), 1u);
  EXPECT_EQ(stops[0]["body"]["threadId"], 100001);
  const json threads = s.response(5)["body"]["threads"];
  ASSERT_EQ(threads.size(), 5u) << threads;
  EXPECT_EQ(threads[0]["id"], 1);
  EXPECT_EQ(threads[0]["name"], "subgroup 0 of workgroup (0, 0, 0)");
  for (uint32_t l = 0; l < 4; ++l) {
    EXPECT_EQ(threads[l + 1]["id"], 100000 + l);
    const std::string g = std::to_string(4 + l);
    EXPECT_EQ(threads[l + 1]["name"], "invocation (" + g + ", 0, 0) (local index " + g + ", subgroup 1, lane " + std::to_string(l) + ")");
  }
  EXPECT_EQ(s.response(7)["body"]["result"], "73u") << s.response(7);
  EXPECT_EQ(s.response(9)["body"]["result"], "0u") << s.response(9);
}

// The schedule commands in the REPL (`evaluate` with context "repl"), on the lookback scan as in
// debug_prompt_test: from the entry stop, `run-workgroup 1` runs workgroup 1 to after its first
// atomic operation (taking tile 0: tile_counter = 1) and stops there; `schedule` lists that
// entry and comes back to the same stop; `save-schedule` writes it; a workgroup that does not
// exist is an error.
TEST(Dap, ScheduleCommandsInTheRepl) {
  const std::string saved =
      (std::filesystem::temp_directory_path() / ("wgslemu_dap_schedule_" + std::to_string(::getpid()) + ".txt")).string();
  auto repl = [](int seq, const std::string& text) {
    return frame(request(seq, "evaluate", {{"expression", text}, {"context", "repl"}, {"frameId", 1}}));
  };
  std::string in;
  in += frame(request(1, "initialize"));
  in += frame(request(2, "launch", {{"program", std::string(WGSLEMU_SOURCE_DIR) + "/corpus/specs/scan_chained_lookback.json"},
                                    {"args", {"--hang-window=1000"}},
                                    {"stopOnEntry", true}}));
  in += frame(request(3, "configurationDone"));
  in += repl(4, "run-workgroup 1");
  in += frame(request(5, "evaluate", {{"expression", "tile_counter"}, {"frameId", 1}}));
  in += repl(6, "schedule");
  in += frame(request(7, "evaluate", {{"expression", "tile_counter"}, {"frameId", 1}}));
  in += repl(8, "save-schedule " + saved);
  in += repl(9, "run-workgroup 9");
  in += frame(request(10, "disconnect"));
  const Session s = runDap(in);
  EXPECT_TRUE(s.response(4)["success"].get<bool>()) << s.response(4);
  const auto stops = s.events("stopped");
  ASSERT_EQ(stops.size(), 2u);  // the entry, the end of the played entry (none for `schedule`)
  EXPECT_NE(stops[1]["body"]["text"].get<std::string>().find(
                "Workgroup 1 ran to after its atomic operation at scan_chained_lookback.wgsl:76:18 (schedule entry 1)"),
            std::string::npos)
      << stops[1];
  EXPECT_EQ(s.response(5)["body"]["result"], "1u");
  const std::string sched = s.response(6)["body"]["result"];
  EXPECT_NE(sched.find("Entries so far (one per atomic operation; save-schedule keeps them): 1: 1\n"), std::string::npos) << sched;
  EXPECT_NE(sched.find("Next scheduling steps"), std::string::npos) << sched;
  EXPECT_EQ(s.response(7)["body"]["result"], "1u");  // back at the same stop
  EXPECT_TRUE(s.response(8)["success"].get<bool>()) << s.response(8);
  std::ifstream f(saved);
  std::stringstream text;
  text << f.rdbuf();
  EXPECT_NE(text.str().find("\nprefix: 1\n"), std::string::npos) << text.str();
  EXPECT_FALSE(s.response(9)["success"].get<bool>());
  EXPECT_NE(s.response(9)["message"].get<std::string>().find("the dispatch has 7 workgroups"), std::string::npos)
      << s.response(9);
  std::remove(saved.c_str());
}

}  // namespace
