// The Debug Adapter Protocol over a pair of streams (Content-Length framed JSON), driving a debug
// Session: `wgslemu dap`. Requests: initialize, launch, setBreakpoints, configurationDone,
// threads, stackTrace, scopes, variables, evaluate, continue, next, stepIn, stepOut, stepBack,
// reverseContinue, disconnect, terminate. Events: initialized, stopped, output, exited,
// terminated. Malformed input gets an `output` event (category stderr) naming the problem and is
// skipped; end of input ends the session.
#pragma once

#include <functional>
#include <iosfwd>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "tools/debug/session.h"

namespace wgslemu::debug {

// Makes the session a `launch` request asks for (its arguments: "program", "args"), or null with
// `error`.
using Launcher = std::function<std::unique_ptr<Session>(const nlohmann::json& arguments, std::string& error)>;

// Serves one debugging session; returns 0 after a disconnect or the end of input.
int serveDap(std::istream& in, std::ostream& out, const Launcher& launch);

// Largest message body accepted (a larger Content-Length is an error, not an allocation).
constexpr size_t kMaxDapMessage = size_t{16} << 20;

}  // namespace wgslemu::debug
