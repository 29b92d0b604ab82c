// Exit codes of the wgslemu command.
#pragma once

namespace wgslemu {

enum ExitCode : int {
  kExitOk = 0,
  kExitInvalid = 1,   // invalid shader or expectation mismatch
  kExitUsage = 2,     // usage error, unreadable input or internal error
  kExitHang = 3,
  kExitTrapped = 4,
};

}  // namespace wgslemu
