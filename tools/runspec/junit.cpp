#include "tools/runspec/junit.h"

#include <fmt/format.h>

#include <fstream>

namespace wgslemu::runspec {

namespace {

std::string escape(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (unsigned char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        // XML 1.0 allows no control characters but tab, newline and carriage return.
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') out += '?';
        else out += static_cast<char>(c);
    }
  }
  return out;
}

}  // namespace

std::string junitXml(const std::string& suite, const std::vector<JUnitCase>& cases, double seconds) {
  size_t failures = 0, errors = 0, skipped = 0;
  for (const auto& c : cases) {
    failures += c.result == JUnitCase::Failure;
    errors += c.result == JUnitCase::Error;
    skipped += c.result == JUnitCase::Skipped;
  }
  std::string s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  s += fmt::format("<testsuites tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{:.3f}\">\n",
                   cases.size(), failures, errors, skipped, seconds);
  s += fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{:.3f}\">\n",
                   escape(suite), cases.size(), failures, errors, skipped, seconds);
  for (const auto& c : cases) {
    s += fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"{:.3f}\"", escape(c.classname), escape(c.name),
                     c.seconds);
    if (c.result == JUnitCase::Passed) {
      s += "/>\n";
      continue;
    }
    s += ">\n";
    const char* tag = c.result == JUnitCase::Failure ? "failure" : c.result == JUnitCase::Error ? "error" : "skipped";
    s += fmt::format("      <{} type=\"{}\" message=\"{}\">{}</{}>\n", tag, escape(c.type), escape(c.message),
                     escape(c.details), tag);
    s += "    </testcase>\n";
  }
  s += "  </testsuite>\n</testsuites>\n";
  return s;
}

bool writeJUnit(const std::string& path, const std::string& suite, const std::vector<JUnitCase>& cases,
                double seconds, std::string& error) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (out) out << junitXml(suite, cases, seconds);
  if (!out) {
    error = fmt::format("cannot write the JUnit file '{}'", path);
    return false;
  }
  return true;
}

}  // namespace wgslemu::runspec
