// `wgslemu debug`: a gdb-like prompt over a debug Session, reading commands from a stream
// (a terminal or a script) and writing to another. `help` lists the commands; docs/debugging.md
// explains them.
#pragma once

#include <iosfwd>
#include <string>

#include "tools/debug/session.h"

namespace wgslemu::debug {

class Prompt : public Frontend {
 public:
  Prompt(std::istream& in, std::ostream& out, bool echo) : in_(in), out_(out), echo_(echo) {}
  // Reads commands until `run`, then runs the session; returns the exit code (that of the run, as
  // `wgslemu run` has it; 0 when the user quit before the end).
  int run(Session& s);

  Command stopped(Session& s, const StopInfo& stop) override;
  Command exited(Session& s, const runspec::RunResult& result) override;
  void message(const std::string& text) override;

 private:
  // One command; returns true with `resume` set for commands that resume execution.
  bool command(Session& s, const std::string& line, Command& resume, bool running, bool ended);
  bool readLine(std::string& line);
  void showStop(Session& s);

  std::istream& in_;
  std::ostream& out_;
  bool echo_;  // print each command after the prompt (scripts)
  uint32_t frame_ = 0;
  int exit_code_ = 0;
  bool started_ = false;
};

// The text of `help`.
std::string promptHelp();

}  // namespace wgslemu::debug
