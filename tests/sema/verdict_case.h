// A table-driven verdict: a small program written from a rule of the spec that must either pass
// `check` (error == nullptr) or fail with an error whose message contains `error` (the rule's
// words). Shared by the semantic-analysis suites written as case tables.
#pragma once

#include <gtest/gtest.h>

#include <ostream>
#include <string>

#include "tests/support/test_support.h"

namespace wgsl::test {

struct VerdictCase {
  const char* name;
  const char* source;
  const char* error;  // nullptr: valid; otherwise a substring of one of the error messages
};

inline void PrintTo(const VerdictCase& c, std::ostream* os) { *os << c.name; }

inline std::string verdictCaseName(const ::testing::TestParamInfo<VerdictCase>& info) { return info.param.name; }

inline void expectVerdict(const VerdictCase& c) {
  Parsed p = check(c.source);
  if (c.error == nullptr) {
    EXPECT_TRUE(p.ok()) << c.source << "\n" << p.text();
    return;
  }
  ASSERT_FALSE(p.ok()) << c.source << "\nexpected an error containing: " << c.error;
  bool found = false;
  for (const auto& e : p.errors()) found = found || e.find(c.error) != std::string::npos;
  EXPECT_TRUE(found) << c.source << "\nexpected an error containing: " << c.error << "\ngot:\n" << p.text();
}

}  // namespace wgsl::test
