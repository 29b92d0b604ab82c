// Reports: status names and a readable summary.
#include <fmt/format.h>

#include "runtime/runtime.h"

namespace wgsl::runtime {

const char* toString(Status s) {
  switch (s) {
    case Status::Ok: return "ok";
    case Status::DynamicError: return "dynamic_error";
    case Status::UniformityError: return "uniformity_error";
    case Status::InstructionLimit: return "instruction_limit";
    case Status::Hang: return "hang";
    case Status::Trapped: return "trapped";
  }
  return "?";
}

const char* toString(Event::Kind k) {
  switch (k) {
    case Event::OutOfBounds: return "oob";
    case Event::BarrierDivergence: return "barrier-divergence";
    case Event::InstructionLimit: return "instruction-limit";
    case Event::Injected: return "injected";
    case Event::Race: return "race";
    case Event::NonUniformCollective: return "nonuniform-collective";
    case Event::NonFinite: return "nonfinite";
  }
  return "event";
}

std::string Report::summary() const {
  std::string out = fmt::format("status: {} ({} workgroups, {} subgroups, {} instructions)\n", toString(status),
                                stats.workgroups, stats.subgroups, stats.instructions);
  for (const auto& e : events) out += e.message + "\n";
  if (event_count > events.size()) out += fmt::format("... and {} more events\n", event_count - events.size());
  out += hang;  // issue 7
  return out;
}

}  // namespace wgsl::runtime
