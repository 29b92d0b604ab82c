// The events the checks produce, as plain records, and the sentences the report prints for
// them (the kinds' report names are runtime::toString(Event::Kind)). An `oob` event
// caused by an injected fault has origin Injected, so a test can tell injected from organic.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "runtime/checks/fault_injection.h"
#include "runtime/checks/oob_policy.h"
#include "runtime/checks/race_detector.h"

namespace wgsl::checks {

enum class Origin : uint8_t { Organic, Injected };

// One out-of-bounds access and what the policy did with it.
struct OobEvent {
  uint32_t pc = 0;
  uint32_t workgroup_id[3] = {0, 0, 0};
  uint32_t local_index = 0;
  Space space = Space::Storage;
  AccessKind kind = AccessKind::Load;
  uint64_t offset = kUnknownOffset;  // kUnknownOffset: an out-of-bounds index (no address)
  bool has_index = false;            // with kUnknownOffset: the index is known
  uint32_t index = 0, index_count = 0;  // the index and the array's element count
  uint32_t size = 0;
  uint64_t region_size = 0;
  OobDecision decision;
  Origin origin = Origin::Organic;
};

// How the report names things: an instruction's source position ("12:5") and a variable.
struct Namer {
  std::function<std::string(uint32_t pc)> location;
  std::string variable;  // e.g. "storage buffer 'out' (@group(0) @binding(1))"
};

std::string describe(const OobEvent& e, const Namer& n);
std::string describe(const InjectionEvent& e, const InjectionRule& rule, const Namer& n);
std::string describe(const RaceRecord& r, const Namer& n);

}  // namespace wgsl::checks
