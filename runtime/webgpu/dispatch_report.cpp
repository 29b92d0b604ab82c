// Dispatch outcomes of the C API: stderr text, report entries, device loss.
#include "runtime/webgpu/dispatch_report.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>

#include "runtime/event_report.h"

namespace wgslemu::webgpu {

namespace rt = wgsl::runtime;

namespace {

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
    // The dispatch's own fields around the events as every report writes them.
    nlohmann::ordered_json j;
    j["pipeline"] = pipeline->label;
    j["entry_point"] = pipeline->entry;
    j["status"] = rt::toString(r.status);
    j["workgroups"] = r.stats.workgroups;
    j["instructions"] = r.stats.instructions;
    nlohmann::ordered_json events = nlohmann::ordered_json::array();
    for (const auto& e : r.events) events.push_back(rt::eventJson(e));
    j["events"] = std::move(events);
    j["event_count"] = r.event_count;
    j["events_dropped"] = r.event_count - std::min<uint64_t>(r.event_count, r.events.size());
    if (!r.hang.empty()) j["hang"] = {{"summary", r.hang_summary}, {"report", r.hang}};
    reports().add(device->report_path, j.dump());
  }
  if (r.status == rt::Status::Ok && r.events.empty()) return;
  std::string s = who + ": " + rt::toString(r.status) + ": " + std::to_string(r.stats.workgroups) + " workgroups, " +
                  std::to_string(r.stats.instructions) + " instructions, " + std::to_string(r.event_count) + " event" +
                  (r.event_count == 1 ? "" : "s") + "\n";
  rt::EventSummary lines;
  for (const auto& e : r.events) lines.add(e);
  const std::string report_hint =
      device->report_path.empty() ? "WGSLEMU_REPORT=FILE.json lists" : "the report " + device->report_path + " lists";
  s += lines.text(r.event_count, {"--max-events=N in WGSLEMU_OPTIONS keeps more; " + report_hint + " every event kept",
                                  report_hint + " each one"});
  if (!r.hang.empty()) s += r.hang;
  std::fputs(s.c_str(), stderr);
  if (r.status == rt::Status::Trapped || r.status == rt::Status::Hang || r.status == rt::Status::UniformityError ||
      r.status == rt::Status::InstructionLimit) {
    device->lose(WGPUDeviceLostReason_Unknown, "wgslemu: " + s);
  }
}

}  // namespace wgslemu::webgpu
