#include "tests/uniformity/uniformity_test_support.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace wgsl::test {

Analysed analyse(const std::string& source, const uniformity::Options& options) {
  Analysed a;
  a.parsed = check(source);
  a.resolved = a.parsed.ok() && a.parsed.program;
  if (!a.resolved) return a;
  DiagnosticList diags;
  uniformity::Options o = options;
  o.file = a.parsed.file.get();
  a.result = uniformity::analyze(*a.parsed.program, diags, o);
  diags.sortByLocation();
  a.diags = diags.all();
  return a;
}

std::vector<std::string> Analysed::summary() const {
  std::vector<std::string> out;
  for (const auto& d : diags) {
    auto p = parsed.file->position(d.range.begin);
    out.push_back(fmt::format("{} {}:{}", severityName(d.severity), p.line, p.column));
  }
  return out;
}

std::string Analysed::text() const {
  if (!resolved) return "NOT RESOLVED:\n" + parsed.text();
  return renderText(*parsed.file, diags);
}

std::vector<Case> loadCases(const std::string& path) {
  std::vector<Case> cases;
  std::ifstream in(path);
  std::string line;
  int n = 0;
  Case* cur = nullptr;
  const std::string base = path.substr(path.find_last_of('/') + 1);
  while (std::getline(in, line)) {
    ++n;
    if (line.rfind("### ", 0) == 0) {
      Case c;
      c.file = base;
      auto bar = line.find('|');
      c.name = line.substr(4, bar == std::string::npos ? std::string::npos : bar - 4);
      c.name.erase(c.name.find_last_not_of(' ') + 1);
      if (bar != std::string::npos) {
        c.expect = line.substr(bar + 1);
        c.expect.erase(0, c.expect.find_first_not_of(' '));
      }
      c.line = n;
      cases.push_back(std::move(c));
      cur = &cases.back();
    } else if (cur) {
      cur->source += line + "\n";
    }
  }
  return cases;
}

std::vector<Case> loadAllCases() {
  std::vector<Case> all;
  auto files = listFiles(WGSLEMU_UNIFORMITY_DATA, ".txt");
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    auto c = loadCases(f);
    all.insert(all.end(), c.begin(), c.end());
  }
  return all;
}

std::vector<std::string> expectedSummary(const std::string& expect) {
  std::vector<std::string> out;
  if (expect == "valid") return out;
  std::stringstream ss(expect);
  std::string item;
  while (std::getline(ss, item, ';')) {
    item.erase(0, item.find_first_not_of(' '));
    item.erase(item.find_last_not_of(' ') + 1);
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

}  // namespace wgsl::test
