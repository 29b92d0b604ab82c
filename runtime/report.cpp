// Reports: status names and a readable summary.
#include <fmt/format.h>

#include "runtime/event_report.h"
#include "runtime/runtime.h"

namespace wgsl::runtime {

const char* toString(Status s) {
  switch (s) {
    case Status::Ok: return "ok";
    case Status::DynamicError: return "dynamic-error";
    case Status::UniformityError: return "uniformity-error";
    case Status::InstructionLimit: return "instruction-limit";
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
    case Event::InactiveInvocation: return "inactive-invocation";
  }
  return "event";
}

std::string Report::summary() const {
  std::string out = fmt::format("status: {} ({} workgroups, {} subgroups, {} instructions)\n", toString(status),
                                stats.workgroups, stats.subgroups, stats.instructions);
  EventSummary lines;
  for (const auto& e : events) lines.add(e);
  out += lines.text(event_count, {"DeviceOptions::max_events keeps more", "Report::events lists each one"});
  out += hang;
  return out;
}

}  // namespace wgsl::runtime
