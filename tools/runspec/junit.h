// JUnit XML (the format CI systems read test results from) for `wgslemu test --junit FILE`
// and `wgslemu explore --junit FILE`: one <testsuite> with one <testcase> per spec or per
// configuration.
#pragma once

#include <string>
#include <vector>

namespace wgslemu::runspec {

struct JUnitCase {
  std::string classname;
  std::string name;
  double seconds = 0;
  enum Result { Passed, Failure, Error, Skipped } result = Passed;
  std::string type;     // failure/error type ("mismatch", "hang", ...)
  std::string message;  // one line
  std::string details;  // the full text (element body)
};

// The document. Text is escaped for XML 1.0; characters XML cannot carry become '?'.
std::string junitXml(const std::string& suite, const std::vector<JUnitCase>& cases, double seconds);

// Writes the document to `path`; false and `error` when the file cannot be written.
bool writeJUnit(const std::string& path, const std::string& suite, const std::vector<JUnitCase>& cases,
                double seconds, std::string& error);

}  // namespace wgslemu::runspec
