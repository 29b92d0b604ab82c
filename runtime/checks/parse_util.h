// Small number parsers shared by the option parsers of the checks (no exceptions, no locale).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace wgsl::checks {

// A non-negative integer: decimal, or hexadecimal with 0x. Rejects signs, blanks and overflow.
std::optional<uint64_t> parseUnsigned(const std::string& s);
// A probability: a decimal number in [0, 1] (e.g. 0.25, 1, 1e-3).
std::optional<double> parseProbability(const std::string& s);
// Splits at every `sep` (empty parts kept).
std::vector<std::string> splitAll(const std::string& s, char sep);

}  // namespace wgsl::checks
