// Sharding for campaigns that outgrow one machine (docs/campaigns.md): `wgslemu test` and
// `wgslemu explore` run only their share of the specs or configurations, chosen with
// `--shard=I/N` or, as Bazel and GoogleTest do, with the environment variables
// TEST_TOTAL_SHARDS and TEST_SHARD_INDEX. Item k belongs to shard k mod N.
#pragma once

#include <cstdint>
#include <string>

namespace wgslemu::runspec {

struct Shard {
  uint64_t index = 0;  // 0-based
  uint64_t total = 1;
  bool contains(uint64_t item) const { return item % total == index; }
  bool sharded() const { return total > 1; }
};

// Parses "I/N" (0 <= I < N). False and `error` ("--shard=3/2: ...") otherwise.
bool parseShard(const std::string& text, Shard& out, std::string& error);

// The shard of this process: `flag` (the --shard value) when not empty, otherwise
// TEST_TOTAL_SHARDS and TEST_SHARD_INDEX when TEST_TOTAL_SHARDS is set, otherwise 0/1. Writes
// (touches) the file named by TEST_SHARD_STATUS_FILE, when set, to tell the test runner that
// sharding is supported. False and `error` for a malformed value or an unwritable status file.
bool resolveShard(const std::string& flag, Shard& out, std::string& error);

}  // namespace wgslemu::runspec
