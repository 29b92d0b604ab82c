// DATA values of the run-spec format: typed arrays, fills, ramps, zeros and raw files, and
// their conversion to little-endian bytes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace wgslemu::runspec {

enum class ElemType { U8, U32, I32, F32, F16 };

const char* toString(ElemType t);
uint32_t elemSize(ElemType t);

struct DataSpec {
  enum Kind { Array, File, Zero, Fill, Iota } kind = Array;
  ElemType type = ElemType::U8;   // Array, Fill, Iota: the element type; File, Zero: U8
  // Array: the values, as doubles (integers are exact up to 2^53, enough for 32-bit types);
  // NaN and infinities come from the strings "nan", "inf", "-inf".
  std::vector<double> values;
  std::string path;          // File: resolved path
  uint64_t count = 0;        // Zero: bytes; Fill/Iota: elements
  double start = 0;          // Fill: the value; Iota: the first value
  std::string where;         // e.g. "buffers.out.expect"

  // Size in bytes (File: the file's size, read when parsing).
  uint64_t bytes = 0;
};

// Parses a DATA object. `folder` resolves relative file paths. Returns nullopt and sets `error`
// (prefixed with `where`) if malformed.
std::optional<DataSpec> parseData(const nlohmann::ordered_json& j, const std::string& where, const std::string& folder,
                                  std::string& error);

// The bytes of a DATA value (reads the file for File). Returns false and sets `error` if a file
// cannot be read.
bool materialize(const DataSpec& d, std::vector<uint8_t>& out, std::string& error);

}  // namespace wgslemu::runspec
