#include "tools/runspec/shard.h"

#include <fmt/format.h>

#include <cstdlib>
#include <fstream>

#include "tools/runspec/run_options.h"

namespace wgslemu::runspec {

namespace {

constexpr uint64_t kMaxShards = uint64_t{1} << 32;

bool checkShard(const Shard& s, const std::string& what, std::string& error) {
  if (s.total == 0) {
    error = what + ": the number of shards must be at least 1";
    return false;
  }
  if (s.index >= s.total) {
    error = fmt::format("{}: shard index {} is not below the number of shards {} (indices are 0-based)", what,
                        s.index, s.total);
    return false;
  }
  return true;
}

}  // namespace

bool parseShard(const std::string& text, Shard& out, std::string& error) {
  const std::string what = "--shard=" + text;
  const size_t slash = text.find('/');
  Shard s;
  if (slash == std::string::npos || !parseUnsignedOption(text.substr(0, slash), kMaxShards, s.index) ||
      !parseUnsignedOption(text.substr(slash + 1), kMaxShards, s.total)) {
    error = what + ": expected INDEX/COUNT with a 0-based index, e.g. --shard=0/4";
    return false;
  }
  if (!checkShard(s, what, error)) return false;
  out = s;
  return true;
}

bool resolveShard(const std::string& flag, Shard& out, std::string& error) {
  if (const char* status = std::getenv("TEST_SHARD_STATUS_FILE"); status && *status) {
    std::ofstream touch(status, std::ios::app);
    if (!touch) {
      error = fmt::format("cannot write the shard status file '{}' (TEST_SHARD_STATUS_FILE)", status);
      return false;
    }
  }
  if (!flag.empty()) return parseShard(flag, out, error);
  const char* total = std::getenv("TEST_TOTAL_SHARDS");
  if (!total || !*total) {
    out = Shard{};
    return true;
  }
  const char* index = std::getenv("TEST_SHARD_INDEX");
  Shard s;
  if (!parseUnsignedOption(total, kMaxShards, s.total)) {
    error = fmt::format("TEST_TOTAL_SHARDS='{}': expected a positive number", total);
    return false;
  }
  if (!index || !parseUnsignedOption(index, kMaxShards, s.index)) {
    error = fmt::format("TEST_SHARD_INDEX='{}': expected a 0-based index below TEST_TOTAL_SHARDS={} (set both)",
                        index ? index : "", total);
    return false;
  }
  if (!checkShard(s, "TEST_TOTAL_SHARDS/TEST_SHARD_INDEX", error)) return false;
  out = s;
  return true;
}

}  // namespace wgslemu::runspec
