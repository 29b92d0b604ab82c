// Dispatch outcomes of the C API: stderr text, report entries, device loss.
#include "runtime/webgpu/dispatch_report.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>

namespace wgslemu::webgpu {

namespace rt = wgsl::runtime;

namespace {

const char* kindName(rt::Event::Kind k) {
  switch (k) {
    case rt::Event::OutOfBounds: return "out-of-bounds";
    case rt::Event::BarrierDivergence: return "barrier-divergence";
    case rt::Event::InstructionLimit: return "instruction-limit";
    case rt::Event::Injected: return "injected";
    case rt::Event::Race: return "race";
    case rt::Event::NonUniformCollective: return "non-uniform-collective";
    case rt::Event::NonFinite: return "non-finite";
  }
  return "event";
}

// Dispatch entries (JSON text) per report path, for the whole process.
struct ProcessReports {
  std::mutex mutex;
  std::map<std::string, std::vector<std::string>> entries;
  void add(const std::string& path, std::string entry) {
    std::lock_guard<std::mutex> lock(mutex);
    entries[path].push_back(std::move(entry));
  }
  void write(const std::string& path) {
    std::lock_guard<std::mutex> lock(mutex);
    FILE* f = std::fopen(path.c_str(), "w");
    if (!f) {
      std::fprintf(stderr, "wgslemu: cannot write the report %s\n", path.c_str());
      return;
    }
    const auto& list = entries[path];
    std::fprintf(f, "{\n  \"dispatches\": [");
    for (size_t i = 0; i < list.size(); ++i) std::fprintf(f, "%s\n    %s", i ? "," : "", list[i].c_str());
    std::fprintf(f, "\n  ]\n}\n");
    std::fclose(f);
  }
  ~ProcessReports() {
    for (auto& [path, list] : entries) write(path);
  }
};

ProcessReports& reports() {
  static ProcessReports r;
  return r;
}

}  // namespace

void writeReport(const std::string& path) { reports().write(path); }

void afterDispatch(WGPUDevice device, WGPUComputePipeline pipeline, const rt::Report& r) {
  const std::string who = pipeline->describe() + " (entry point " + pipeline->entry + ")";
  if (!device->report_path.empty()) {
    nlohmann::ordered_json j;
    j["pipeline"] = pipeline->label;
    j["entry_point"] = pipeline->entry;
    j["status"] = rt::toString(r.status);
    j["workgroups"] = r.stats.workgroups;
    j["instructions"] = r.stats.instructions;
    j["event_count"] = r.event_count;
    nlohmann::ordered_json events = nlohmann::ordered_json::array();
    for (const auto& e : r.events) {
      events.push_back({{"kind", kindName(e.kind)},
                        {"message", e.message},
                        {"file", e.location.file},
                        {"line", e.location.line},
                        {"column", e.location.column}});
    }
    j["events"] = events;
    if (!r.hang.empty()) j["hang"] = r.hang;
    reports().add(device->report_path, j.dump());
  }
  if (r.status == rt::Status::Ok && r.events.empty()) return;
  std::string s = who + ": " + rt::toString(r.status) + ": " + std::to_string(r.stats.workgroups) + " workgroups, " +
                  std::to_string(r.stats.instructions) + " instructions, " + std::to_string(r.event_count) + " event" +
                  (r.event_count == 1 ? "" : "s") + "\n";
  // The first events in full (a program's stderr is no place for thousands of lines).
  constexpr size_t kPrinted = 10;
  for (size_t i = 0; i < r.events.size() && i < kPrinted; ++i) {
    const auto& e = r.events[i];
    const std::string where = e.location.file + ":" + std::to_string(e.location.line) + ":" +
                              std::to_string(e.location.column) + ": ";
    if (e.location.file.empty()) s += std::string("  ") + kindName(e.kind) + ": " + e.message + "\n";
    else s += "  " + (e.message.rfind(where, 0) == 0 ? e.message : where + kindName(e.kind) + ": " + e.message) + "\n";
  }
  const uint64_t shown = std::min<uint64_t>(r.events.size(), kPrinted);
  if (r.event_count > shown)
    s += "  ... and " + std::to_string(r.event_count - shown) + " more events" +
         (device->report_path.empty() ? " (WGSLEMU_REPORT=FILE.json keeps them)" : "") + "\n";
  if (!r.hang.empty()) s += r.hang;
  std::fputs(s.c_str(), stderr);
  if (r.status == rt::Status::Trapped || r.status == rt::Status::Hang || r.status == rt::Status::UniformityError ||
      r.status == rt::Status::InstructionLimit) {
    device->lose(WGPUDeviceLostReason_Unknown, "wgslemu: " + s);
  }
}

}  // namespace wgslemu::webgpu
