// libFuzzer target: the run-spec parser (tools/runspec) on arbitrary bytes. A spec that parses
// also has its options merged (as `run` and `test` do) and its small DATA values turned into
// bytes. Files named by the spec are resolved against a folder that does not exist.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "tools/runspec/data_spec.h"
#include "tools/runspec/run_spec.h"
#include "tools/runspec/runner.h"

namespace {

constexpr size_t kMaxInputBytes = 64 * 1024;
// DATA values larger than this are not materialised here (the runner checks sizes against the
// device's limits before it allocates; that check has its own tests).
constexpr uint64_t kMaxMaterialiseBytes = 1 << 20;

void materialiseSmall(const std::optional<wgslemu::runspec::DataSpec>& d) {
  if (!d || d->kind == wgslemu::runspec::DataSpec::File || d->bytes > kMaxMaterialiseBytes) return;
  std::vector<uint8_t> bytes;
  std::string error;
  (void)wgslemu::runspec::materialize(*d, bytes, error);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace wgslemu::runspec;
  if (size > kMaxInputBytes) size = kMaxInputBytes;
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::string error;
  std::optional<RunSpec> spec = parseRunSpec(text, "/nonexistent-fuzz-folder/spec.json", error);
  if (!spec) return 0;
  RunOptions cli, merged;
  (void)effectiveOptions(*spec, cli, merged, error);
  for (const BufferSpec& b : spec->buffers) {
    materialiseSmall(b.data);
    materialiseSmall(b.expect);
  }
  return 0;
}
