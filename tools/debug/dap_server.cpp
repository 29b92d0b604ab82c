// `wgslemu dap` (see dap_server.h).
#include "tools/debug/dap_server.h"

#include "tools/debug/command_args.h"

#include <fmt/format.h>

#include <poll.h>

#include <algorithm>
#include <deque>
#include <iostream>
#include <istream>
#include <optional>
#include <ostream>

namespace wgslemu::debug {

using nlohmann::json;

namespace {

// Thread ids: subgroup N of the focused workgroup is thread N + 1, except the focused subgroup,
// whose invocations are threads: lane L is thread kLaneThreadBase + L.
constexpr int64_t kLaneThreadBase = 100000;
// variablesReference of frame F's scope K: kScopeBase + kScopes * F + K.
constexpr int64_t kScopeBase = 1000000;
constexpr int64_t kScopes = 4;
const char* const kScopeNames[kScopes] = {"Locals", "Workgroup memory", "Bindings", "Private (module scope)"};
// Whether a variable of `kind` (NamedValue::kind) belongs to scope `k`.
bool inScope(const std::string& kind, int64_t k) {
  switch (k) {
    case 0: return kind == "param" || kind == "let" || kind == "var";
    case 1: return kind == "workgroup";
    case 2: return kind == "storage" || kind == "uniform";
    default: return kind == "private";
  }
}

class DapServer : public Frontend {
 public:
  DapServer(std::istream& in, std::ostream& out, const Launcher& launch) : in_(in), out_(out), launch_(launch) {}

  int serve() {
    for (;;) {
      json msg;
      const Read r = read(msg);
      if (r == Read::End) return 0;
      if (r == Read::Bad) continue;
      Command c;
      if (handle(msg, c, State::Idle)) {
        if (c == Command::Kill) return 0;
      }
      if (start_) {
        start_ = false;
        session_->run(*this, stop_on_entry_);
        if (!terminated_) event("terminated", json::object());
        return 0;
      }
    }
  }

  Command stopped(Session& s, const StopInfo& stop) override {
    refs_.clear();
    if (pending_schedule_) {
      // Back at the stop after looking ahead for a REPL `schedule`: its answer, and no new stop.
      const json req = *pending_schedule_;
      pending_schedule_.reset();
      respond(req, {{"result", stop.message}, {"variablesReference", 0}});
      return loop(State::Stopped);
    }
    json body = {{"reason", stop.watch ? "data breakpoint" : toString(stop.kind)},
                 {"threadId", kLaneThreadBase + s.focusLane()},
                 {"allThreadsStopped", true}};
    if (stop.kind == StopKind::Breakpoint) body["hitBreakpointIds"] = json::array({stop.breakpoint});
    if (!stop.message.empty()) body["text"] = stop.message;
    if (stop.kind == StopKind::Event) body["description"] = stop.message;
    if (stop.kind == StopKind::Event) output(stop.message + "\n", "stderr");
    event("stopped", body);
    return loop(State::Stopped);
  }

  Command exited(Session& s, const runspec::RunResult& result) override {
    refs_.clear();
    output(runspec::summaryText(s.spec(), result), "console");
    event("exited", {{"exitCode", runspec::exitCode(result.status)}});
    event("terminated", json::object());
    terminated_ = true;
    return loop(State::Ended);
  }

  void message(const std::string& text) override { output(text + "\n", "console"); }

  // While the program runs: reads the requests that have arrived; `pause` stops it, the others
  // wait for the next stop.
  bool pauseRequested() override {
    while (!eof_ && inputReady()) {
      json msg;
      const Read r = read(msg);
      if (r == Read::End) {
        eof_ = true;
        break;
      }
      if (r == Read::Bad) continue;
      if (msg["command"] == "pause") {
        respond(msg);
        return true;
      }
      queue_.push_back(msg);
    }
    return false;
  }

 private:
  enum class Read { Ok, Bad, End };
  enum class State { Idle, Stopped, Ended };

  Command loop(State state) {
    // Requests that came while the program ran (read when looking for a pause), in order.
    while (!queue_.empty()) {
      const json msg = queue_.front();
      queue_.pop_front();
      Command c;
      if (handle(msg, c, state)) return c;
    }
    if (eof_) return Command::Kill;
    for (;;) {
      json msg;
      const Read r = read(msg);
      if (r == Read::End) return Command::Kill;  // the client went away
      if (r == Read::Bad) continue;
      Command c;
      if (handle(msg, c, state)) return c;
    }
  }

  bool inputReady() {
    if (in_.rdbuf()->in_avail() > 0) return true;
    if (&in_ != &std::cin) return false;
    pollfd p{0, POLLIN, 0};
    return ::poll(&p, 1, 0) > 0 && (p.revents & (POLLIN | POLLHUP)) != 0;
  }

  // ---- framing
  bool readHeaderLine(std::string& line, bool& eof) {
    line.clear();
    eof = false;
    for (;;) {
      const int ch = in_.get();
      if (ch == EOF) {
        eof = true;
        return false;
      }
      if (ch == '\n') break;
      if (line.size() < 4096) line += static_cast<char>(ch);
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return true;
  }

  Read read(json& msg) {
    std::optional<size_t> length;
    std::string line;
    bool eof = false;
    for (;;) {
      if (!readHeaderLine(line, eof)) return Read::End;
      if (line.empty()) {
        if (!length) continue;  // blank lines between messages
        break;
      }
      const size_t colon = line.find(':');
      if (colon == std::string::npos) {
        output(fmt::format("wgslemu dap: malformed header line '{}' (expected 'Content-Length: N')\n", line.substr(0, 80)),
               "stderr");
        return Read::Bad;
      }
      if (line.compare(0, colon, "Content-Length") == 0) {
        const std::string v = line.substr(colon + 1);
        size_t n = 0;
        bool ok = false;
        for (char c : v) {
          if (c == ' ') continue;
          if (c < '0' || c > '9' || n > kMaxDapMessage) {
            ok = false;
            break;
          }
          n = n * 10 + static_cast<size_t>(c - '0');
          ok = true;
        }
        if (!ok || n > kMaxDapMessage) {
          output(fmt::format("wgslemu dap: bad Content-Length '{}' (at most {} bytes)\n", v.substr(0, 40), kMaxDapMessage),
                 "stderr");
          return Read::Bad;
        }
        length = n;
      }
    }
    std::string body(*length, '\0');
    in_.read(&body[0], static_cast<std::streamsize>(*length));
    if (static_cast<size_t>(in_.gcount()) != *length) return Read::End;
    msg = json::parse(body, nullptr, false);
    if (msg.is_discarded() || !msg.is_object()) {
      output("wgslemu dap: the message is not a JSON object: " + body.substr(0, 80) + "\n", "stderr");
      return Read::Bad;
    }
    if (!msg.contains("type") || msg["type"] != "request" || !msg.contains("command") || !msg["command"].is_string()) {
      output("wgslemu dap: expected a request with a 'command': " + body.substr(0, 80) + "\n", "stderr");
      return Read::Bad;
    }
    return Read::Ok;
  }

  void send(json m) {
    m["seq"] = ++seq_;
    const std::string text = m.dump();
    out_ << "Content-Length: " << text.size() << "\r\n\r\n" << text << std::flush;
  }
  void event(const std::string& name, json body) {
    send({{"type", "event"}, {"event", name}, {"body", std::move(body)}});
  }
  void output(const std::string& text, const char* category) { event("output", {{"category", category}, {"output", text}}); }
  void respond(const json& req, json body = json::object()) {
    send({{"type", "response"}, {"request_seq", req.value("seq", 0)}, {"success", true}, {"command", req["command"]},
          {"body", std::move(body)}});
  }
  void fail(const json& req, const std::string& message) {
    send({{"type", "response"}, {"request_seq", req.value("seq", 0)}, {"success", false}, {"command", req["command"]},
          {"message", message}, {"body", {{"error", {{"id", 1}, {"format", message}}}}}});
  }

  // ---- requests; true when execution resumes (with `c`)
  bool handle(const json& req, Command& c, State state) {
    const std::string cmd = req["command"];
    const json args = req.contains("arguments") && req["arguments"].is_object() ? req["arguments"] : json::object();
    try {
      return dispatch(req, cmd, args, c, state);
    } catch (const json::exception& e) {
      fail(req, std::string("malformed arguments: ") + e.what());
      return false;
    }
  }

  bool dispatch(const json& req, const std::string& cmd, const json& args, Command& c, State state) {
    if (cmd == "initialize") {
      respond(req, {{"supportsConfigurationDoneRequest", true},
                    {"supportsStepBack", true},
                    {"supportsConditionalBreakpoints", true},
                    {"supportsFunctionBreakpoints", true},
                    {"supportsEvaluateForHovers", true},
                    {"supportsTerminateRequest", true},
                    {"supportsDataBreakpoints", true}});
      event("initialized", json::object());
      return false;
    }
    if (cmd == "launch") {
      if (session_) return fail(req, "already launched"), false;
      std::string error;
      session_ = launch_(args, error);
      if (!session_) return fail(req, error), false;
      stop_on_entry_ = args.value("stopOnEntry", false);
      if (args.contains("snapshotEvery")) {  // instructions between reverse execution's snapshots
        const json& n = args["snapshotEvery"];
        if (!n.is_number_unsigned() || n.get<uint64_t>() > 0xffffffffu) {
          session_.reset();
          return fail(req, "launch: snapshotEvery must be a number of instructions (0: no snapshots)"), false;
        }
        session_->setSnapshotEvery(n.get<uint64_t>());
      }
      for (auto& b : pending_) {
        std::string ignored;
        if (b.builtin.empty()) session_->addBreakpoint(b.file, b.line, b.condition);
        else session_->addBuiltinBreakpoint(b.builtin, b.condition, ignored);
      }
      pending_.clear();
      respond(req);
      return false;
    }
    if (cmd == "setBreakpoints") {
      const std::string path = args.contains("source") ? args["source"].value("path", "") : "";
      std::vector<Breakpoint> keep;
      if (session_) {
        for (const Breakpoint& b : session_->breakpoints())
          if (b.file != path || !b.builtin.empty()) keep.push_back(b);
        session_->clearBreakpoints();
        for (const Breakpoint& b : keep) {
          std::string ignored;
          if (b.builtin.empty()) session_->addBreakpoint(b.file, b.line, b.condition);
          else session_->addBuiltinBreakpoint(b.builtin, b.condition, ignored);
        }
      } else {
        std::vector<Breakpoint> others;
        for (const Breakpoint& b : pending_)
          if (b.file != path || !b.builtin.empty()) others.push_back(b);
        pending_ = others;
      }
      json out = json::array();
      if (args.contains("breakpoints") && args["breakpoints"].is_array()) {
        for (const json& b : args["breakpoints"]) {
          const int64_t line = b.value("line", 0);
          if (line <= 0 || line > 0x7fffffff) {
            out.push_back({{"verified", false}, {"message", "expected a line number from 1"}});
            continue;
          }
          const std::string cond = b.value("condition", "");
          int id = 0;
          if (session_) {
            id = session_->addBreakpoint(path, static_cast<uint32_t>(line), cond);
          } else {
            Breakpoint p;
            p.file = path;
            p.line = static_cast<uint32_t>(line);
            p.condition = cond;
            pending_.push_back(p);
            id = static_cast<int>(pending_.size());
          }
          out.push_back({{"id", id}, {"verified", true}, {"line", line}});
        }
      }
      respond(req, {{"breakpoints", out}});
      return false;
    }
    if (cmd == "setFunctionBreakpoints") {
      // Breakpoints on barrier and atomic built-ins (workgroupBarrier, atomicAdd, ...).
      std::vector<Breakpoint> keep;
      auto& list = session_ ? keep : pending_;
      if (session_) {
        for (const Breakpoint& b : session_->breakpoints())
          if (b.builtin.empty()) keep.push_back(b);
      } else {
        std::vector<Breakpoint> lines;
        for (const Breakpoint& b : pending_)
          if (b.builtin.empty()) lines.push_back(b);
        pending_ = lines;
      }
      json out = json::array();
      std::vector<Breakpoint> builtins;
      if (args.contains("breakpoints") && args["breakpoints"].is_array()) {
        for (const json& b : args["breakpoints"]) {
          Breakpoint p;
          p.builtin = b.value("name", "");
          p.condition = b.value("condition", "");
          builtins.push_back(p);
        }
      }
      if (session_) {
        session_->clearBreakpoints();
        for (const Breakpoint& b : keep) session_->addBreakpoint(b.file, b.line, b.condition);
      }
      for (const Breakpoint& b : builtins) {
        std::string error;
        int id = 0;
        if (session_) {
          id = session_->addBuiltinBreakpoint(b.builtin, b.condition, error);
        } else {
          if (isBreakableBuiltin(b.builtin)) {
            list.push_back(b);
            id = static_cast<int>(list.size());
          } else {
            error = notABuiltinMessage(b.builtin);
          }
        }
        if (!id) out.push_back({{"verified", false}, {"message", error}});
        else out.push_back({{"id", id}, {"verified", true}});
      }
      respond(req, {{"breakpoints", out}});
      return false;
    }
    if (cmd == "configurationDone") {
      respond(req);
      if (state == State::Idle) {
        if (!session_) {
          output("wgslemu dap: configurationDone before launch: nothing to run\n", "stderr");
          return false;
        }
        start_ = true;
      }
      return false;
    }
    if (cmd == "disconnect" || cmd == "terminate") {
      respond(req);
      c = Command::Kill;
      return true;
    }
    if (cmd == "threads") {
      json threads = json::array();
      if (state == State::Stopped && session_ && session_->atStop()) {
        const Frame f = session_->frame(0);
        for (uint32_t i = 0; i < f.w->sgs.size(); ++i) {
          if (i == f.sg) {
            // The focused subgroup: one thread per invocation.
            wgsl::exec::forEachLane(f.w->sgs[i].exists, [&](uint32_t l) {
              threads.push_back({{"id", kLaneThreadBase + l}, {"name", session_->invocationText(l)}});
            });
            continue;
          }
          threads.push_back({{"id", i + 1},
                             {"name", fmt::format("subgroup {} of workgroup ({}, {}, {})", i, f.ctx->wg_id[0], f.ctx->wg_id[1],
                                                  f.ctx->wg_id[2])}});
        }
      } else {
        threads.push_back({{"id", 1}, {"name", "dispatch"}});
      }
      respond(req, {{"threads", threads}});
      return false;
    }
    static const char* kKnown[] = {"continue",  "next",      "stepIn",    "stepOut",          "stepBack",
                                   "reverseContinue", "restart", "pause", "stackTrace", "scopes",
                                   "variables", "evaluate", "dataBreakpointInfo", "setDataBreakpoints"};
    if (std::find(std::begin(kKnown), std::end(kKnown), cmd) == std::end(kKnown))
      return fail(req, fmt::format("unsupported request '{}'", cmd)), false;
    const bool stopped = state == State::Stopped && session_ && session_->atStop();
    // Execution control.
    static const std::pair<const char*, Command> kResume[] = {
        {"continue", Command::Continue}, {"next", Command::Next},         {"stepIn", Command::Step},
        {"stepOut", Command::Finish},    {"stepBack", Command::ReverseStep}, {"reverseContinue", Command::ReverseContinue},
        {"restart", Command::Restart}};
    for (const auto& [name, command] : kResume) {
      if (cmd != name) continue;
      const bool reverse = command == Command::ReverseStep || command == Command::ReverseContinue;
      if (!stopped && !(state == State::Ended && (reverse || command == Command::Restart)))
        return fail(req, "the program is not stopped"), false;
      if (stopped && req.contains("arguments") && args.contains("threadId")) selectThread(args);
      respond(req, cmd == "continue" || cmd == "reverseContinue" ? json{{"allThreadsContinued", true}} : json::object());
      c = command;
      return true;
    }
    if (cmd == "pause") {  // while running, pauseRequested answers it
      if (state == State::Stopped) return respond(req), false;  // already stopped
      return fail(req, "the program is not running"), false;
    }
    if (!stopped) return fail(req, fmt::format("'{}' needs a stopped program", cmd)), false;
    if (cmd == "stackTrace") {
      selectThread(args);
      json frames = json::array();
      const auto bt = session_->backtrace();
      for (size_t i = 0; i < bt.size(); ++i) {
        frames.push_back({{"id", i + 1},
                          {"name", bt[i].function},
                          {"line", bt[i].line},
                          {"column", bt[i].column},
                          {"source", {{"name", bt[i].file.substr(bt[i].file.find_last_of("/\\") + 1)}, {"path", bt[i].file}}}});
      }
      respond(req, {{"stackFrames", frames}, {"totalFrames", frames.size()}});
      return false;
    }
    if (cmd == "scopes") {
      // Locals, the focused workgroup's workgroup memory, the bound buffers, and the invocation's
      // module-scope private variables when the kernel has any.
      const int64_t frame = std::max<int64_t>(0, args.value("frameId", 1) - 1);
      bool has_private = false;
      if (session_->atStop()) {
        for (const NamedValue& v : visibleVariables(session_->frame(static_cast<uint32_t>(frame)), true))
          has_private = has_private || v.kind == "private";
      }
      json scopes = json::array();
      for (int64_t k = 0; k < kScopes; ++k) {
        if (k == 3 && !has_private) continue;
        json scope = {{"name", kScopeNames[k]}, {"variablesReference", kScopeBase + kScopes * frame + k}, {"expensive", false}};
        if (k == 0) scope["presentationHint"] = "locals";
        scopes.push_back(scope);
      }
      respond(req, {{"scopes", scopes}});
      return false;
    }
    if (cmd == "variables") {
      const int64_t ref = args.value("variablesReference", 0);
      const uint32_t start = static_cast<uint32_t>(std::max<int64_t>(0, args.value("start", 0)));
      const uint32_t count = static_cast<uint32_t>(std::clamp<int64_t>(args.value("count", 1000), 1, 1000));
      json vars = json::array();
      std::vector<NamedValue> list;
      Frame f;
      if (ref >= kScopeBase) {
        const int64_t frame = (ref - kScopeBase) / kScopes, k = (ref - kScopeBase) % kScopes;
        f = session_->frame(static_cast<uint32_t>(std::max<int64_t>(0, frame)));
        for (NamedValue& v : visibleVariables(f, k != 0))
          if (inScope(v.kind, k)) list.push_back(std::move(v));
      } else if (ref > 0 && static_cast<size_t>(ref) <= refs_.size()) {
        f = refs_[static_cast<size_t>(ref - 1)].frame;
        list = children(f, refs_[static_cast<size_t>(ref - 1)].value, start, count);
      }
      const std::string parent = ref > 0 && ref < kScopeBase && static_cast<size_t>(ref) <= refs_.size()
                                     ? refs_[static_cast<size_t>(ref - 1)].path
                                     : "";
      for (const NamedValue& nv : list) {
        const std::string path = parent.empty() ? nv.name : nv.name.rfind('[', 0) == 0 ? parent + nv.name : parent + "." + nv.name;
        vars.push_back(variable(f, nv.name, nv.value, path));
      }
      respond(req, {{"variables", vars}});
      return false;
    }
    if (cmd == "dataBreakpointInfo") {
      // A variable of a scope or a child of a structured value: its expression is the data id.
      const int64_t ref = args.value("variablesReference", 0);
      const std::string name = args.value("name", "");
      std::string expr = name;
      if (ref > 0 && ref < kScopeBase && static_cast<size_t>(ref) <= refs_.size()) {
        const std::string& parent = refs_[static_cast<size_t>(ref - 1)].path;
        expr = name.rfind('[', 0) == 0 ? parent + name : parent + "." + name;
      }
      const Frame f = session_->frame(0);
      std::string error;
      auto v = evaluatePlace(f, expr, error);
      if (v && v->where != Value::Where::Memory) error = "it lives in registers, not memory";
      if (!v || !error.empty()) {
        respond(req, {{"dataId", nullptr}, {"description", expr + ": cannot be watched: " + error}});
        return false;
      }
      respond(req, {{"dataId", expr}, {"description", expr}, {"accessTypes", json::array({"write"})}, {"canPersist", false}});
      return false;
    }
    if (cmd == "setDataBreakpoints") {
      // Replaces every data breakpoint (watchpoint); each is evaluated at this stop.
      session_->clearWatches();
      json out = json::array();
      if (args.contains("breakpoints") && args["breakpoints"].is_array()) {
        for (const json& b : args["breakpoints"]) {
          std::string error;
          const std::string expr = b.value("dataId", "");
          const int id = session_->addWatch(expr, error);
          if (!id) out.push_back({{"verified", false}, {"message", expr + ": " + error}});
          else out.push_back({{"id", id}, {"verified", true}, {"description", expr}});
        }
      }
      respond(req, {{"breakpoints", out}});
      return false;
    }
    if (cmd == "evaluate") {
      if (args.value("context", "") == "repl") {
        bool resume = false;
        if (scheduleCommand(req, args.value("expression", ""), c, resume)) return resume;
      }
      const int64_t frame = args.value("frameId", 1) - 1;
      const Frame f = session_->frame(static_cast<uint32_t>(std::max<int64_t>(0, frame)));
      std::string error;
      const std::string expr = args.value("expression", "");
      error = session_->frontEndDiagnostic(expr, static_cast<uint32_t>(std::max<int64_t>(0, frame)));
      if (!error.empty()) return fail(req, expr + ": " + error), false;
      // A place (a variable, a member, an element) is shown structured; any other expression is
      // evaluated by the engine.
      std::string place_error;
      if (auto v = evaluatePlace(f, expr, place_error)) {
        json var = variable(f, expr, *v, expr);
        respond(req, {{"result", var["value"]}, {"type", var["type"]}, {"variablesReference", var["variablesReference"]}});
        return false;
      }
      const std::string text = session_->valueText(expr, false, static_cast<uint32_t>(std::max<int64_t>(0, frame)), error);
      if (!error.empty()) return fail(req, expr + ": " + error), false;
      respond(req, {{"result", text}, {"variablesReference", 0}});
      return false;
    }
    fail(req, fmt::format("unsupported request '{}'", cmd));
    return false;
  }

  void selectThread(const json& args) {
    const int64_t t = args.value("threadId", 0);
    if (t >= kLaneThreadBase) {
      session_->focusLane(static_cast<uint32_t>(t - kLaneThreadBase));
    } else if (t >= 1 && static_cast<uint32_t>(t - 1) != session_->focusSubgroupIndex()) {
      session_->focusSubgroup(static_cast<uint32_t>(t - 1));
    }
  }

  // The REPL's schedule commands (`evaluate` with context "repl"): `schedule`, `run-workgroup N
  // [COUNT|forever]` (also `rw`), `save-schedule FILE`, as at the prompt. False: not one of them.
  bool scheduleCommand(const json& req, const std::string& text, Command& c, bool& resume) {
    resume = false;
    const std::string line = trim(text);
    const size_t sp = line.find(' ');
    const std::string cmd = line.substr(0, sp), arg = sp == std::string::npos ? "" : trim(line.substr(sp + 1));
    if (cmd == "schedule") {
      const std::string why = session_->cannotPeek();
      if (why.empty()) {  // look ahead, then answer when back at this stop
        pending_schedule_ = req;
        c = Command::Peek;
        resume = true;
        return true;
      }
      respond(req, {{"result", session_->scheduleText() + "Next: " + why}, {"variablesReference", 0}});
      return true;
    }
    if (cmd == "run-workgroup" || cmd == "rw") {
      const std::string error = session_->playWorkgroupCommand(arg);
      if (!error.empty()) return fail(req, "run-workgroup: " + error), true;
      respond(req, {{"result", "run-workgroup " + arg + ": playing"}, {"variablesReference", 0}});
      event("continued", {{"threadId", kLaneThreadBase + session_->focusLane()}, {"allThreadsContinued", true}});
      c = Command::Play;
      resume = true;
      return true;
    }
    if (cmd == "save-schedule") {
      if (arg.empty()) return fail(req, "save-schedule: expected a file name"), true;
      const std::string error = session_->saveSchedule(arg);
      if (!error.empty()) return fail(req, "save-schedule: " + error), true;
      respond(req, {{"result", "Saved the schedule to " + arg + " (replay: wgslemu run ... --schedule=" + arg + ")"},
                    {"variablesReference", 0}});
      return true;
    }
    return false;
  }

  json variable(const Frame& f, const std::string& name, const Value& v, const std::string& path) {
    json out = {{"name", name}, {"value", format(f, v, false, 16)}, {"type", v.type ? v.type->name() : ""}};
    const uint64_t n = childCount(f, v);
    if (n > 0) {
      refs_.push_back(Ref{f, v, path});
      out["variablesReference"] = refs_.size();
      if (v.type->isArray()) out["indexedVariables"] = n;
    } else {
      out["variablesReference"] = 0;
    }
    return out;
  }

  std::optional<json> pending_schedule_;  // a REPL `schedule` answered when back at the stop
  std::istream& in_;
  std::ostream& out_;
  const Launcher& launch_;
  std::unique_ptr<Session> session_;
  std::vector<Breakpoint> pending_;  // setBreakpoints before launch
  struct Ref {
    Frame frame;
    Value value;
    std::string path;  // the expression that names it (for data breakpoints)
  };
  std::vector<Ref> refs_;  // variablesReference - 1, valid until execution resumes
  int64_t seq_ = 0;
  bool start_ = false;
  bool stop_on_entry_ = false;
  bool terminated_ = false;
  std::deque<json> queue_;  // requests read while the program ran
  bool eof_ = false;        // the client went away while the program ran
};

}  // namespace

int serveDap(std::istream& in, std::ostream& out, const Launcher& launch) {
  DapServer server(in, out, launch);
  return server.serve();
}

}  // namespace wgslemu::debug
