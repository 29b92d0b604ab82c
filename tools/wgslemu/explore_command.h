// `wgslemu explore SPEC.json`: run a spec under the cross product of run-option dimensions and
// say whether it is portable (docs/explore.md). The logic is tools/runspec/explore.h.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace wgslemu {

struct ExploreCommandOptions {
  std::string spec;
  std::string seeds;
  bool json = false;
  unsigned jobs = 0;
  uint64_t max_configurations = 0;  // set to the default by addExploreCommand
  std::vector<std::string> ignore;
  std::string schedule_out;
  std::string shard;  // --shard=I/N ("": TEST_TOTAL_SHARDS / TEST_SHARD_INDEX, or all)
  std::string junit;  // --junit FILE
  // One entry per row of runspec::runOptionTable(): every occurrence's value list.
  std::map<std::string, std::vector<std::string>> lists;
  std::map<const CLI::Option*, std::string> option_names;  // CLI option -> run-option name
  CLI::App* command = nullptr;
};

void addExploreCommand(CLI::App& app, ExploreCommandOptions& opts);
int runExplore(const ExploreCommandOptions& opts);

}  // namespace wgslemu
