// The run-spec format (docs/run-spec.md): a JSON description of buffers, compute passes and
// expectations that `wgslemu run` and `wgslemu test` execute. This file parses and validates
// the format itself; it knows nothing about shaders (the runner checks those).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tools/runspec/data_spec.h"

namespace wgslemu::runspec {

struct Tolerance {
  enum Kind { Ulps, AbsRel } kind = Ulps;
  uint64_t ulps = 0;
  double abs = 0, rel = 0;
};

struct BufferSpec {
  std::string name;
  std::optional<uint64_t> size;   // bytes; when absent, the size of `data`
  std::optional<DataSpec> data;
  std::optional<DataSpec> expect;
  std::optional<Tolerance> tolerance;
  std::optional<std::string> save;  // resolved against the spec's folder
  std::string where;                // "buffers.NAME", for messages
};

struct OverrideValue {
  std::string key;  // name or numeric id, as written
  double value = 0;
  bool is_bool = false;
};

struct PassSpec {
  std::optional<std::string> shader_path;  // resolved against the spec's folder
  std::optional<std::string> source;       // inline WGSL
  std::string entry;                       // empty: the module's only compute entry point
  std::vector<OverrideValue> overrides;
  std::optional<std::array<uint32_t, 3>> dispatch;
  struct Indirect {
    std::string buffer;
    uint64_t offset = 0;
  };
  std::optional<Indirect> dispatch_indirect;
  struct Bind {
    uint32_t group = 0, binding = 0;
    std::string buffer;
  };
  std::vector<Bind> binds;
  std::string where;  // "passes[N]"
};

struct RunSpec {
  std::string path;    // the spec file as given ("<command line>" for `run FILE.wgsl`)
  std::string folder;  // relative paths in the spec are resolved against this
  std::vector<BufferSpec> buffers;  // in the order written
  std::vector<PassSpec> passes;
  // "options": same names as the command-line options (canonical spelling with '-'), values as
  // written (numbers and strings kept as text).
  std::map<std::string, std::string> options;

  const BufferSpec* buffer(const std::string& name) const;
};


// Parses a spec. On failure returns nullopt and sets `error` to one message naming the place
// ("spec.json:3:14: ..." for malformed JSON; "spec.json: passes[0].dispatch: ..." otherwise).
std::optional<RunSpec> parseRunSpec(const std::string& text, const std::string& path, std::string& error);

}  // namespace wgslemu::runspec
