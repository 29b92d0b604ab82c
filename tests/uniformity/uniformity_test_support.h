// Helpers for the uniformity tests: analyse a source, and read the case tables in data/.
#pragma once

#include <string>
#include <vector>

#include "interp/uniformity/uniformity.h"
#include "tests/support/test_support.h"

namespace wgsl::test {

struct Analysed {
  Parsed parsed;          // parse + resolve
  bool resolved = false;  // no parse or resolve errors (the analysis ran)
  uniformity::Result result;
  std::vector<Diagnostic> diags;  // uniformity diagnostics only, sorted by location
  // "error 4:5", "warning 2:3", ... for each uniformity diagnostic, in order.
  std::vector<std::string> summary() const;
  std::string text() const;  // rendered, for failure messages
};

Analysed analyse(const std::string& source, const uniformity::Options& options = {});

struct Case {
  std::string file;
  std::string name;
  std::string expect;  // "valid" or "error 4:5;warning 6:3"
  std::string source;
  int line = 0;        // of the header in the table file
};

inline void PrintTo(const Case& c, std::ostream* os) { *os << c.file << ":" << c.line << " " << c.name; }

std::vector<Case> loadCases(const std::string& table_path);
// All tables of data/ (sorted by file name).
std::vector<Case> loadAllCases();
// The expectation as summary() would print it.
std::vector<std::string> expectedSummary(const std::string& expect);

}  // namespace wgsl::test
