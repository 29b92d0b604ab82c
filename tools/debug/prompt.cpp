// The `wgslemu debug` prompt (see prompt.h).
#include "tools/debug/prompt.h"

#include "tools/debug/command_args.h"

#include <fmt/format.h>

#include <cctype>
#include <istream>
#include <ostream>
#include <sstream>

namespace wgslemu::debug {

namespace {

struct CommandHelp {
  const char* names;
  const char* help;
};

// One home for the prompt's commands and their help.
const CommandHelp kCommands[] = {
    {"break BUILTIN [if EXPR]", "stop where a barrier or atomic built-in runs (break workgroupBarrier, break atomicAdd)"},
    {"break FILE:LINE [if EXPR] | break LINE [if EXPR]",
     "stop the first subgroup that reaches LINE (a line without code: the next line with code), for the lanes whose "
     "condition holds"},
    {"watch EXPR",
     "stop when a store changes this place in memory (buffer, workgroup, private or function memory; any type, e.g. "
     "watch out[3], watch tile); names the writer"},
    {"delete [N]", "delete breakpoint N (all without N)"},
    {"info breakpoints|invocations|events|locals|reverse",
     "breakpoints; where each subgroup is; dynamic errors so far; variables; the cost of reverse execution so far"},
    {"run", "start the run (at a stop or after the end: start again)"},
    {"continue | c", "run to the next breakpoint or dynamic error"},
    {"step | s", "to the next WGSL statement of the focused invocation, into inlined functions"},
    {"next | n", "to the next statement, over function calls"},
    {"finish", "until the current function returns"},
    {"stepi | si", "one IR instruction of the focused subgroup"},
    {"reverse-step | rs, reverse-next | rn",
     "back to the previous statement (exact: re-execution from the last snapshot before it)"},
    {"reverse-continue | rc", "back to the previous breakpoint hit"},
    {"backtrace | bt", "the WGSL call stack of the focused invocation (calls are inlined in the IR)"},
    {"frame N", "select frame N of the backtrace for print and info locals"},
    {"print[/x] EXPR [@ all] | p", "a WGSL expression over the focused invocation's variables (@ all: every lane)"},
    {"invocation X[,Y,Z]", "focus on an invocation (global id) of the focused workgroup"},
    {"subgroup N", "focus on subgroup N of the focused workgroup"},
    {"workgroup X[,Y,Z]", "focus on a started workgroup"},
    {"x NAME[FROM..TO] [as f32|u32|i32|x]", "memory of a buffer or variable as 4-byte elements (default f32)"},
    {"schedule", "the scheduler, the schedule so far, what runs now and the next scheduling steps"},
    {"run-workgroup N [COUNT|forever] | rw",
     "play the scheduler: run workgroup N until after its next atomic operation (COUNT times), or alone forever"},
    {"save-schedule FILE", "write the schedule so far for --schedule=FILE"},
    {"set snapshot-every N", "take a snapshot for reverse execution every N instructions (0: none; default 4096)"},
    {"list", "the source around the focused invocation"},
    {"help", "this list"},
    {"quit | q", "end the session"},
};

}  // namespace

std::string promptHelp() {
  std::string s = "Commands:\n";
  for (const auto& c : kCommands) s += fmt::format("  {:<46} {}\n", c.names, c.help);
  return s;
}

bool Prompt::readLine(std::string& line) {
  out_ << "(wgslemu) " << std::flush;
  if (!std::getline(in_, line)) {
    out_ << "\n";
    return false;
  }
  if (echo_) out_ << line << "\n";
  line = trim(line);
  return true;
}

void Prompt::message(const std::string& text) { out_ << text << "\n"; }

void Prompt::showStop(Session& s) {
  const std::vector<FrameInfo> bt = s.backtrace();
  if (!bt.empty()) {
    const FrameInfo& f = bt[0];
    out_ << fmt::format("{} at {}:{}:{}\n", f.function, f.file, f.line, f.column);
    out_ << fmt::format("{}\t{}\n", f.line, s.sourceLine(f.line));
  }
}

Command Prompt::stopped(Session& s, const StopInfo& stop) {
  frame_ = 0;
  switch (stop.kind) {
    case StopKind::Breakpoint: {
      std::string lanes;
      for (size_t i = 0; i < stop.lanes.size(); ++i) lanes += (i ? "," : "") + std::to_string(stop.lanes[i]);
      if (stop.watch) {
        out_ << stop.message << fmt::format(" (step {})\n", stop.step);
        break;
      }
      out_ << fmt::format("Breakpoint {} (step {}): subgroup {} reached it with lanes [{}]\n", stop.breakpoint, stop.step,
                          s.focusSubgroupIndex(), lanes);
      if (!stop.message.empty()) out_ << stop.message << "\n";
      break;
    }
    case StopKind::Event:
      out_ << (stop.hang ? "Hang: " : stop.isError() ? "Dynamic error: " : "Event: ") << stop.message;
      if (stop.message.empty() || stop.message.back() != '\n') out_ << "\n";
      break;
    case StopKind::Entry: out_ << fmt::format("Stopped at the start (step {})\n", stop.step); break;
    default:
      if (!stop.message.empty()) out_ << stop.message << "\n";
      break;
  }
  out_ << "Focus: " << s.focusText() << "\n";
  showStop(s);
  std::string line;
  for (;;) {
    if (!readLine(line)) {
      out_ << "End of input: ending the session\n";
      return Command::Kill;
    }
    Command c;
    if (command(s, line, c, true, false)) return c;
  }
}

Command Prompt::exited(Session& s, const runspec::RunResult& result) {
  exit_code_ = runspec::exitCode(result.status);
  out_ << fmt::format("The run ended: {} ({} subgroup instructions)\n", runspec::toString(result.status), s.step());
  std::string summary = runspec::summaryText(s.spec(), result);
  // The status line has the timing (and is said above); the rest (warnings, events, mismatches,
  // hang report) is what matters here.
  if (result.status != runspec::RunStatus::Invalid && result.status != runspec::RunStatus::Error) {
    const std::string head = fmt::format("{}: {}: ", s.spec().path, runspec::toString(result.status));
    const size_t at = summary.rfind(head, 0) == 0 ? 0 : summary.find("\n" + head);
    if (at != std::string::npos) {
      const size_t b = at == 0 ? 0 : at + 1, nl = summary.find('\n', b);
      summary.erase(b, nl == std::string::npos ? std::string::npos : nl + 1 - b);
    }
  }
  if (s.playedByHand()) summary += "  (the schedule was played by hand: save-schedule FILE writes it for --schedule=FILE)\n";
  out_ << summary;
  std::string line;
  for (;;) {
    if (!readLine(line)) return Command::Kill;
    Command c;
    if (command(s, line, c, false, true)) return c;
  }
}

int Prompt::run(Session& s) {
  out_ << "wgslemu debug: " << s.spec().path << " (type 'help' for the commands, 'run' to start)\n";
  std::string line;
  for (;;) {
    if (!readLine(line)) return 0;
    Command c;
    if (command(s, line, c, false, false)) {
      if (c == Command::Kill) return 0;
      break;
    }
  }
  started_ = true;
  s.run(*this, false);
  return exit_code_;
}

bool Prompt::command(Session& s, const std::string& line, Command& resume, bool running, bool ended) {
  if (line.empty()) return false;
  std::string cmd = line, arg;
  const size_t sp = line.find_first_of(" \t");
  if (sp != std::string::npos) {
    cmd = line.substr(0, sp);
    arg = trim(line.substr(sp + 1));
  }
  std::string fmtopt;
  if (const size_t slash = cmd.find('/'); slash != std::string::npos) {
    fmtopt = cmd.substr(slash + 1);
    cmd = cmd.substr(0, slash);
  }
  auto notRunning = [&]() {
    out_ << (ended ? "The run has ended ('run' starts it again, reverse commands go back)\n"
                   : "The program is not running ('run' starts it)\n");
    return false;
  };
  auto resumeWith = [&](Command c) {
    if (!running) return notRunning();
    resume = c;
    return true;
  };
  if (cmd == "help" || cmd == "h") {
    out_ << promptHelp();
    return false;
  }
  if (cmd == "quit" || cmd == "q" || cmd == "kill") {
    resume = Command::Kill;
    return true;
  }
  if (cmd == "run" || cmd == "r") {
    resume = running || ended ? Command::Restart : Command::Continue;
    return true;
  }
  if (cmd == "continue" || cmd == "c") return resumeWith(Command::Continue);
  if (cmd == "step" || cmd == "s") return resumeWith(Command::Step);
  if (cmd == "next" || cmd == "n") return resumeWith(Command::Next);
  if (cmd == "finish") return resumeWith(Command::Finish);
  if (cmd == "stepi" || cmd == "si") return resumeWith(Command::StepI);
  if (cmd == "reverse-step" || cmd == "rs" || cmd == "reverse-next" || cmd == "rn" || cmd == "reverse-continue" ||
      cmd == "rc") {
    if (!running && !ended) return notRunning();
    resume = cmd == "reverse-step" || cmd == "rs"   ? Command::ReverseStep
             : cmd == "reverse-next" || cmd == "rn" ? Command::ReverseNext
                                                    : Command::ReverseContinue;
    return true;
  }
  if (cmd == "run-workgroup" || cmd == "rw") {
    if (ended) return notRunning();
    const std::string error = s.playWorkgroupCommand(arg);
    if (!error.empty()) {
      out_ << "run-workgroup: " << error << "\n";
      return false;
    }
    resume = running ? Command::Play : Command::Continue;
    return true;
  }
  if (cmd == "break" || cmd == "b") {
    std::string where = arg, cond;
    if (const size_t ifpos = arg.find(" if "); ifpos != std::string::npos) {
      where = trim(arg.substr(0, ifpos));
      cond = trim(arg.substr(ifpos + 4));
    }
    std::string file;
    std::string num = where;
    if (const size_t colon = where.rfind(':'); colon != std::string::npos) {
      file = where.substr(0, colon);
      num = where.substr(colon + 1);
    }
    uint32_t l = 0;
    if (file.empty() && !num.empty() && (std::isalpha(static_cast<unsigned char>(num[0])) || num[0] == '_')) {
      std::string error;
      const int id = s.addBuiltinBreakpoint(num, cond, error);
      if (!id) out_ << "break: " << error << "\n";
      else out_ << fmt::format("Breakpoint {} at {}{}\n", id, num, cond.empty() ? "" : " if " + cond);
      return false;
    }
    if (!parseU32(num, l) || l == 0) {
      out_ << fmt::format("break: expected FILE:LINE or LINE (a line number from 1), got '{}'\n", where);
      return false;
    }
    const int id = s.addBreakpoint(file, l, cond);
    out_ << fmt::format("Breakpoint {} at {}{}{}\n", id, file.empty() ? "" : file + ":", l, cond.empty() ? "" : " if " + cond);
    return false;
  }
  if (cmd == "delete" || cmd == "d") {
    if (arg.empty()) {
      s.clearBreakpoints();
      s.clearWatches();
      out_ << "Deleted all breakpoints\n";
      return false;
    }
    uint32_t id = 0;
    if (!parseU32(arg, id) || !s.deleteBreakpoint(static_cast<int>(id))) out_ << fmt::format("No breakpoint {}\n", arg);
    return false;
  }
  if (cmd == "info" || cmd == "i") {
    if (arg == "breakpoints" || arg == "b" || arg == "break") {
      if (s.breakpoints().empty() && s.watches().empty()) out_ << "No breakpoints\n";
      for (const Session::Watch& w : s.watches()) {
        const char* whose = w.scope == Session::Watch::Scope::Buffer      ? ""
                            : w.scope == Session::Watch::Scope::Workgroup ? " (workgroup "
                                                                          : " (invocation ";
        std::string owner;
        if (w.scope == Session::Watch::Scope::Workgroup) owner = fmt::format("{}{})", whose, w.wg);
        else if (w.scope == Session::Watch::Scope::Invocation)
          owner = fmt::format("{}subgroup {} lane {} of workgroup {})", whose, w.sg, w.lane, w.wg);
        out_ << fmt::format("{}: watch {} ({}, {} bytes){}\n", w.id, w.expr, w.type_name, w.size, owner);
      }
      for (const Breakpoint& b : s.breakpoints()) {
        if (!b.builtin.empty()) {
          out_ << fmt::format("{}: {}{}, {} hit{}\n", b.id, b.builtin, b.condition.empty() ? "" : " if " + b.condition, b.hits,
                              b.hits == 1 ? "" : "s");
          continue;
        }
        out_ << fmt::format("{}: {}{}{}{}, {} hit{}\n", b.id, b.file.empty() ? "" : b.file + ":", b.line,
                            b.resolved && b.resolved != b.line ? fmt::format(" (at line {})", b.resolved) : "",
                            b.condition.empty() ? "" : " if " + b.condition, b.hits, b.hits == 1 ? "" : "s");
      }
      return false;
    }
    if (arg == "reverse") {
      out_ << fmt::format("reverse execution: {} re-executions, {} instructions re-executed, {} reverse steps found in the trace\n",
                          s.reExecutions(), s.reExecutedSteps(), s.traceHits());
      out_ << fmt::format("snapshots: every {} instructions, {} kept ({} KiB), {} taken, {} re-executions began at one\n",
                          s.snapshotEvery(), s.snapshotCount(), (s.snapshotBytes() + 1023) / 1024, s.snapshotsTaken(),
                          s.snapshotResumes());
      return false;
    }
    if (!running) return notRunning();
    if (arg == "invocations") out_ << s.infoInvocations();
    else if (arg == "events") out_ << s.infoEvents();
    else if (arg == "locals") {
      const Frame f = s.frame(frame_);
      for (const NamedValue& nv : visibleVariables(f, false)) out_ << fmt::format("{} = {}\n", nv.name, format(f, nv.value));
    } else out_ << fmt::format("info: expected breakpoints, invocations, events, locals or reverse, got '{}'\n", arg);
    return false;
  }
  if (cmd == "set") {
    std::istringstream words(arg);
    std::string name, value, extra;
    words >> name >> value >> extra;
    uint32_t n = 0;
    if (name != "snapshot-every" || !parseU32(value, n) || !extra.empty()) {
      out_ << "set: expected 'set snapshot-every N' (instructions between snapshots; 0: none)\n";
      return false;
    }
    s.setSnapshotEvery(n);
    out_ << fmt::format("Snapshots every {} instructions\n", n);
    return false;
  }
  if (!running) {
    static const char* kNeedStop[] = {"watch", "schedule", "save-schedule", "backtrace", "bt", "where", "frame", "f", "print", "p", "invocation", "subgroup",
                                      "workgroup", "x", "list", "l"};
    for (const char* n : kNeedStop)
      if (cmd == n) return notRunning();
    out_ << fmt::format("Unknown command '{}' (type 'help' for the list)\n", cmd);
    return false;
  }
  if (cmd == "schedule") {
    const std::string why = s.cannotPeek();
    if (why.empty()) {
      resume = Command::Peek;
      return true;
    }
    out_ << s.scheduleText() << "Next: " << why << "\n";
    return false;
  }
  if (cmd == "save-schedule") {
    if (arg.empty()) {
      out_ << "save-schedule: expected a file name\n";
      return false;
    }
    const std::string error = s.saveSchedule(arg);
    if (!error.empty()) out_ << "save-schedule: " << error << "\n";
    else out_ << "Saved the schedule to " << arg << " (replay: wgslemu run ... --schedule=" << arg << ")\n";
    return false;
  }
  if (cmd == "watch") {
    std::string error;
    const int id = s.addWatch(arg, error);
    if (!id) out_ << "watch: " << arg << ": " << error << "\n";
    else out_ << fmt::format("Watchpoint {}: {}\n", id, arg);
    return false;
  }
  if (cmd == "backtrace" || cmd == "bt" || cmd == "where") {
    const auto bt = s.backtrace();
    for (size_t i = 0; i < bt.size(); ++i)
      out_ << fmt::format("#{} {} at {}:{}:{}\n", i, bt[i].function, bt[i].file, bt[i].line, bt[i].column);
    return false;
  }
  if (cmd == "frame" || cmd == "f") {
    uint32_t n = 0;
    const auto bt = s.backtrace();
    if (!parseU32(arg, n) || n >= bt.size()) {
      out_ << fmt::format("frame: expected a frame number from 0 to {}\n", bt.empty() ? 0 : bt.size() - 1);
      return false;
    }
    frame_ = n;
    out_ << fmt::format("#{} {} at {}:{}:{}\n", n, bt[n].function, bt[n].file, bt[n].line, bt[n].column);
    return false;
  }
  if (cmd == "print" || cmd == "p") {
    std::string expr = arg;
    bool all = false;
    if (const size_t at = arg.rfind('@'); at != std::string::npos && trim(arg.substr(at + 1)) == "all") {
      all = true;
      expr = trim(arg.substr(0, at));
    }
    if (expr.empty()) {
      out_ << "print: expected an expression\n";
      return false;
    }
    std::string error;
    // What the WGSL front end rejects, in its words (the debugger's evaluator is laxer).
    if (const std::string d = s.frontEndDiagnostic(expr, frame_); !d.empty()) {
      out_ << fmt::format("print: {}: {}\n", expr, d);
      return false;
    }
    if (all) {
      const std::string table = s.printAll(expr, fmtopt == "x", error);
      if (!error.empty()) out_ << fmt::format("print: {}: {}\n", expr, error);
      else out_ << expr << " @ subgroup " << s.focusSubgroupIndex() << ":\n" << table;
      return false;
    }
    const std::string text = s.valueText(expr, fmtopt == "x", frame_, error);
    if (!error.empty()) {
      out_ << fmt::format("print: {}: {}\n", expr, error);
      return false;
    }
    std::string extra;
    if (s.floatModeActive() && frame_ == 0) {
      // Under a float mode: say when the value differs from the ieee result.
      std::string note;
      const std::string ieee = s.ieeeValue(expr, fmtopt == "x", frame_, note);
      if (!ieee.empty() && ieee != text) extra = fmt::format(" (ieee: {})", ieee);
      else if (ieee.empty() && !note.empty()) extra = fmt::format(" (not compared with ieee: {})", note);
    }
    out_ << fmt::format("{} = {}{}\n", expr, text, extra);
    return false;
  }
  if (cmd == "invocation" || cmd == "subgroup" || cmd == "workgroup") {
    uint32_t v[3];
    std::string error;
    if (!parseTriple(arg, v)) {
      out_ << fmt::format("{}: expected X[,Y,Z], got '{}'\n", cmd, arg);
      return false;
    }
    error = cmd == "invocation" ? s.focusInvocation(v[0], v[1], v[2])
            : cmd == "subgroup" ? s.focusSubgroup(v[0])
                                : s.focusWorkgroup(v[0], v[1], v[2]);
    if (!error.empty()) {
      out_ << cmd << ": " << error << "\n";
      return false;
    }
    frame_ = 0;
    out_ << "Focus: " << s.focusText() << "\n";
    showStop(s);
    return false;
  }
  if (cmd == "x") {
    // NAME[FROM..TO] [as TYPE]
    std::string as = "f32", what = arg;
    if (const size_t p = arg.find(" as "); p != std::string::npos) {
      as = trim(arg.substr(p + 4));
      what = trim(arg.substr(0, p));
    }
    const size_t lb = what.find('['), dots = what.find(".."), rb = what.find(']');
    uint32_t from = 0, to = 0;
    if (lb == std::string::npos || dots == std::string::npos || rb == std::string::npos || !(lb < dots && dots < rb) ||
        !parseU32(trim(what.substr(lb + 1, dots - lb - 1)), from) || !parseU32(trim(what.substr(dots + 2, rb - dots - 2)), to) ||
        to < from || (as != "f32" && as != "u32" && as != "i32" && as != "x")) {
      out_ << "x: expected NAME[FROM..TO] [as f32|u32|i32|x], e.g. x out[0..7] as u32\n";
      return false;
    }
    if (to - from > 4096) to = from + 4096;
    std::string error;
    const std::string text = s.examine(trim(what.substr(0, lb)), from, to, as, error);
    out_ << (error.empty() ? text : "x: " + error + "\n");
    return false;
  }
  if (cmd == "list" || cmd == "l") {
    const auto bt = s.backtrace();
    if (bt.empty()) return false;
    const uint32_t cur = bt[std::min<size_t>(frame_, bt.size() - 1)].line;
    for (uint32_t l = cur > 4 ? cur - 4 : 1; l <= cur + 4; ++l) {
      const std::string text = s.sourceLine(l);
      if (text.empty() && l > cur) break;
      out_ << fmt::format("{}{}\t{}\n", l == cur ? "=> " : "   ", l, text);
    }
    return false;
  }
  out_ << fmt::format("Unknown command '{}' (type 'help' for the list)\n", cmd);
  return false;
}

}  // namespace wgslemu::debug
