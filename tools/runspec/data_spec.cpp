// DATA values of the run-spec format.
#include "tools/runspec/data_spec.h"

#include <fmt/format.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>

#include "interp/math/scalar_math.h"

namespace wgslemu::runspec {

using json = nlohmann::ordered_json;

const char* toString(ElemType t) {
  switch (t) {
    case ElemType::U8: return "u8";
    case ElemType::U32: return "u32";
    case ElemType::I32: return "i32";
    case ElemType::F32: return "f32";
    case ElemType::F16: return "f16";
  }
  return "?";
}

uint32_t elemSize(ElemType t) {
  switch (t) {
    case ElemType::U8: return 1;
    case ElemType::F16: return 2;
    default: return 4;
  }
}

namespace {

std::optional<ElemType> elemTypeFromName(const std::string& n) {
  if (n == "u8") return ElemType::U8;
  if (n == "u32") return ElemType::U32;
  if (n == "i32") return ElemType::I32;
  if (n == "f32") return ElemType::F32;
  if (n == "f16") return ElemType::F16;
  return std::nullopt;
}

bool isFloat(ElemType t) { return t == ElemType::F32 || t == ElemType::F16; }

std::string describe(const json& v) {
  std::string s = v.dump();
  if (s.size() > 40) s = s.substr(0, 37) + "...";
  return s;
}

// One element value: a JSON number, or for floats "nan"/"inf"/"-inf", or for integers a
// "0x..." bit pattern. Range-checked against the element type.
bool elementValue(const json& v, ElemType t, double& out, std::string& why) {
  if (v.is_string()) {
    const std::string s = v.get<std::string>();
    if (isFloat(t)) {
      if (s == "nan" || s == "NaN") return out = std::numeric_limits<double>::quiet_NaN(), true;
      if (s == "inf" || s == "+inf" || s == "Infinity") return out = HUGE_VAL, true;
      if (s == "-inf" || s == "-Infinity") return out = -HUGE_VAL, true;
      why = fmt::format("{} is not a number (for {} use a number, \"nan\", \"inf\" or \"-inf\")", describe(v),
                        toString(t));
      return false;
    }
    if (s.size() > 2 && s.size() <= 10 && (s.rfind("0x", 0) == 0 || s.rfind("0X", 0) == 0) &&
        s.find_first_not_of("0123456789abcdefABCDEF", 2) == std::string::npos) {
      uint64_t bits = std::stoull(s.substr(2), nullptr, 16);
      if (t == ElemType::U8 && bits > 0xff) {
        why = fmt::format("{} does not fit in u8", s);
        return false;
      }
      out = t == ElemType::I32 ? static_cast<double>(static_cast<int32_t>(static_cast<uint32_t>(bits)))
                               : static_cast<double>(bits);
      return true;
    }
    why = fmt::format("{} is not a number (for {} use a number or a \"0x...\" bit pattern)", describe(v), toString(t));
    return false;
  }
  if (!v.is_number()) {
    why = fmt::format("{} is not a number", describe(v));
    return false;
  }
  const double d = v.get<double>();
  switch (t) {
    case ElemType::U8:
    case ElemType::U32:
    case ElemType::I32: {
      const double lo = t == ElemType::I32 ? -2147483648.0 : 0.0;
      const double hi = t == ElemType::U8 ? 255.0 : t == ElemType::I32 ? 2147483647.0 : 4294967295.0;
      if (!v.is_number_integer() && d != std::floor(d)) {
        why = fmt::format("{} is not an integer, but the elements are {}", describe(v), toString(t));
        return false;
      }
      if (d < lo || d > hi) {
        why = fmt::format("{} is out of range for {} ({} to {})", describe(v), toString(t), lo, hi);
        return false;
      }
      out = d;
      return true;
    }
    case ElemType::F32:
      if (std::fabs(d) > static_cast<double>(std::numeric_limits<float>::max()) &&
          static_cast<float>(d) == std::numeric_limits<float>::infinity()) {
        why = fmt::format("{} is too large for f32 (write \"inf\" for infinity)", describe(v));
        return false;
      }
      out = d;
      return true;
    case ElemType::F16:
      if (std::fabs(d) >= 65520.0) {  // rounds to infinity in binary16
        why = fmt::format("{} is too large for f16 (the largest is 65504; write \"inf\" for infinity)", describe(v));
        return false;
      }
      out = d;
      return true;
  }
  return false;
}

bool countValue(const json& v, uint64_t& out) {
  if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<int64_t>() >= 0)) return false;
  out = v.get<uint64_t>();
  return true;
}

// Guards against absurd sizes before anything is allocated (the runner applies the device's
// buffer limits; this only keeps arithmetic in range).
constexpr uint64_t kMaxDataBytes = uint64_t{1} << 40;

}  // namespace

std::optional<DataSpec> parseData(const json& j, const std::string& where, const std::string& folder,
                                  std::string& error) {
  const char* forms =
      "{\"file\": PATH}, {\"u32\"|\"i32\"|\"f32\"|\"f16\"|\"u8\": [...]}, {\"zero\": BYTES}, "
      "{\"fill\": {TYPE: VALUE, \"count\": N}} or {\"iota\": {TYPE: START, \"count\": N}}";
  if (!j.is_object() || j.size() != 1) {
    error = fmt::format("{}: expected one of {}", where, forms);
    return std::nullopt;
  }
  DataSpec d;
  d.where = where;
  const std::string key = j.begin().key();
  const json& v = j.begin().value();
  if (key == "file") {
    if (!v.is_string() || v.get<std::string>().empty()) {
      error = fmt::format("{}.file: expected a path (a string)", where);
      return std::nullopt;
    }
    d.kind = DataSpec::File;
    const std::string p = v.get<std::string>();
    d.path = (p[0] == '/' || folder.empty()) ? p : folder + "/" + p;
    std::ifstream in(d.path, std::ios::binary | std::ios::ate);
    if (!in) {
      error = fmt::format("{}.file: cannot read '{}': {}", where, d.path, std::strerror(errno));
      return std::nullopt;
    }
    d.bytes = static_cast<uint64_t>(in.tellg());
    return d;
  }
  if (key == "zero") {
    if (!countValue(v, d.count) || d.count > kMaxDataBytes) {
      error = fmt::format("{}.zero: expected a byte count (a non-negative integer), not {}", where, describe(v));
      return std::nullopt;
    }
    d.kind = DataSpec::Zero;
    d.bytes = d.count;
    return d;
  }
  if (key == "fill" || key == "iota") {
    d.kind = key == "fill" ? DataSpec::Fill : DataSpec::Iota;
    if (!v.is_object() || v.size() != 2 || !v.contains("count")) {
      error = fmt::format("{}.{}: expected {{TYPE: {}, \"count\": N}} with TYPE one of u32, i32, f32", where, key,
                          key == "fill" ? "VALUE" : "START");
      return std::nullopt;
    }
    for (auto it = v.begin(); it != v.end(); ++it) {
      if (it.key() == "count") {
        if (!countValue(it.value(), d.count) || d.count > kMaxDataBytes / 4) {
          error = fmt::format("{}.{}.count: expected an element count (a non-negative integer), not {}", where, key,
                              describe(it.value()));
          return std::nullopt;
        }
        continue;
      }
      auto t = elemTypeFromName(it.key());
      if (!t || *t == ElemType::U8 || *t == ElemType::F16) {
        error = fmt::format("{}.{}: unknown element type '{}' (expected u32, i32 or f32)", where, key, it.key());
        return std::nullopt;
      }
      d.type = *t;
      std::string why;
      if (!elementValue(it.value(), d.type, d.start, why)) {
        error = fmt::format("{}.{}.{}: {}", where, key, it.key(), why);
        return std::nullopt;
      }
    }
    if (d.kind == DataSpec::Iota && d.count > 0 && d.type != ElemType::F32) {
      const double last = d.start + static_cast<double>(d.count - 1);
      const double hi = d.type == ElemType::I32 ? 2147483647.0 : 4294967295.0;
      if (last > hi) {
        error = fmt::format("{}.iota: the ramp from {} with {} elements passes the largest {} ({})", where, d.start,
                            d.count, toString(d.type), hi);
        return std::nullopt;
      }
    }
    d.bytes = d.count * elemSize(d.type);
    return d;
  }
  auto t = elemTypeFromName(key);
  if (!t) {
    error = fmt::format("{}: unknown DATA form '{}'; expected one of {}", where, key, forms);
    return std::nullopt;
  }
  if (!v.is_array()) {
    error = fmt::format("{}.{}: expected an array of values", where, key);
    return std::nullopt;
  }
  d.kind = DataSpec::Array;
  d.type = *t;
  d.values.reserve(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    double x = 0;
    std::string why;
    if (!elementValue(v[i], d.type, x, why)) {
      error = fmt::format("{}.{}[{}]: {}", where, key, i, why);
      return std::nullopt;
    }
    d.values.push_back(x);
  }
  d.count = d.values.size();
  d.bytes = d.count * elemSize(d.type);
  return d;
}

namespace {

void put(std::vector<uint8_t>& out, size_t at, ElemType t, double v) {
  uint8_t* p = out.data() + at;
  switch (t) {
    case ElemType::U8: p[0] = static_cast<uint8_t>(v); break;
    case ElemType::U32: {
      uint32_t u = static_cast<uint32_t>(v);
      std::memcpy(p, &u, 4);
      break;
    }
    case ElemType::I32: {
      int32_t i = static_cast<int32_t>(v);
      std::memcpy(p, &i, 4);
      break;
    }
    case ElemType::F32: {
      float f = static_cast<float>(v);
      std::memcpy(p, &f, 4);
      break;
    }
    case ElemType::F16: {
      uint16_t h = wgsl::math::f16FromF64(v);
      std::memcpy(p, &h, 2);
      break;
    }
  }
}

}  // namespace

bool materialize(const DataSpec& d, std::vector<uint8_t>& out, std::string& error) {
  out.assign(d.bytes, 0);
  switch (d.kind) {
    case DataSpec::Zero: return true;
    case DataSpec::File: {
      std::ifstream in(d.path, std::ios::binary);
      if (!in || !in.read(reinterpret_cast<char*>(out.data()), static_cast<std::streamsize>(out.size()))) {
        error = fmt::format("{}.file: cannot read '{}'", d.where, d.path);
        return false;
      }
      return true;
    }
    case DataSpec::Array:
      for (size_t i = 0; i < d.values.size(); ++i) put(out, i * elemSize(d.type), d.type, d.values[i]);
      return true;
    case DataSpec::Fill:
    case DataSpec::Iota:
      for (uint64_t i = 0; i < d.count; ++i) {
        const double v = d.kind == DataSpec::Fill ? d.start : d.start + static_cast<double>(i);
        put(out, i * elemSize(d.type), d.type, v);
      }
      return true;
  }
  return true;
}

}  // namespace wgslemu::runspec
