// `wgslemu dap`: a small Debug Adapter Protocol client writes a session's requests (the adapter
// answers requests in order, so they can be written up front) and reads the framed answers.
// Expected values are worked out from tests/debug/data/loop.wgsl.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
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
  EXPECT_EQ(stops[0]["body"]["threadId"], 1);

  EXPECT_EQ(s.response(5)["body"]["threads"][0]["name"], "subgroup 0 of workgroup (0, 0, 0)");
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
  EXPECT_EQ(stops[0]["body"]["threadId"], 2);
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
  EXPECT_EQ(stops[0]["body"]["threadId"], 1);
  EXPECT_EQ(s.response(5)["body"]["stackFrames"][0]["line"], 44);
  EXPECT_EQ(s.response(6)["body"]["result"], "0u");
}

// --races under DAP: race.wgsl with round-robin subgroups; invocation 6 (subgroup 1) writes
// out[1] at line 7 after invocation 1 wrote it at line 9 (see debug_prompt_test): an exception stop
// on thread 2 with the run's race sentence.
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
  EXPECT_EQ(stops[0]["body"]["threadId"], 2);
  EXPECT_NE(stops[0]["body"]["description"].get<std::string>().find("data race on storage buffer 'out'"), std::string::npos)
      << stops[0];
  EXPECT_EQ(s.response(4)["body"]["stackFrames"][0]["line"], 7);
  EXPECT_EQ(s.response(5)["body"]["result"], "6u");
}

}  // namespace
