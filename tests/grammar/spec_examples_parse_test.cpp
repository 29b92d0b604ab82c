// Every WGSL example in the specification (../shared/spec/wgsl.bs) that is not marked
// `expect-error` parses. Examples marked `function-scope` are statements and are wrapped in a
// function; `type-scope` examples are types and are wrapped in an alias declaration.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <regex>

#include "tests/support/test_support.h"

namespace wgsl {
namespace {

struct SpecExample {
  int line = 0;
  std::string classes;
  std::string heading;
  std::string code;
};

std::string unescapeHtml(std::string s) {
  const std::pair<const char*, const char*> entities[] = {{"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""},
                                                          {"&#39;", "'"}, {"&amp;", "&"}};
  for (const auto& [from, to] : entities) {
    for (size_t pos = 0; (pos = s.find(from, pos)) != std::string::npos; pos += std::strlen(to)) {
      s.replace(pos, std::strlen(from), to);
    }
  }
  return s;
}

std::vector<SpecExample> specExamples() {
  const std::string spec = test::readFile(std::string(WGSLEMU_SPEC_DIR) + "/wgsl.bs");
  std::vector<SpecExample> out;
  const std::regex open(R"(<div class='example([^']*)'([^>]*)>)");
  for (auto it = std::sregex_iterator(spec.begin(), spec.end(), open); it != std::sregex_iterator(); ++it) {
    SpecExample ex;
    ex.classes = (*it)[1];
    if (ex.classes.find("wgsl") == std::string::npos) continue;
    std::smatch h;
    const std::string attrs = (*it)[2];
    if (std::regex_search(attrs, h, std::regex(R"(heading='([^']*)')"))) ex.heading = h[1];
    const size_t at = static_cast<size_t>(it->position());
    ex.line = static_cast<int>(std::count(spec.begin(), spec.begin() + static_cast<long>(at), '\n')) + 1;
    const size_t xmp = spec.find("<xmp", at);
    const size_t div_end = spec.find("</div>", at);
    if (xmp == std::string::npos || xmp > div_end) continue;
    const size_t body = spec.find('>', xmp) + 1;
    const size_t end = spec.find("</xmp>", body);
    ex.code = unescapeHtml(spec.substr(body, end - body));
    out.push_back(ex);
  }
  return out;
}

TEST(SpecExamples, AllValidExamplesParse) {
  const auto examples = specExamples();
  ASSERT_GT(examples.size(), 100u);  // the spec has well over a hundred WGSL examples
  int checked = 0;
  for (const auto& ex : examples) {
    if (ex.classes.find("expect-error") != std::string::npos) continue;
    std::string src = ex.code;
    if (ex.classes.find("function-scope") != std::string::npos) {
      src = "fn wrapper() {\n" + ex.code + "\n}\n";
    } else if (ex.classes.find("type-scope") != std::string::npos) {
      src = "alias wrapper_t = " + ex.code + "\n;\n";
    }
    test::Parsed p = test::parse(src, "wgsl.bs:" + std::to_string(ex.line));
    EXPECT_TRUE(p.ok()) << "spec example at wgsl.bs line " << ex.line << " (" << ex.heading << ")\n"
                        << p.text() << "\n--- source ---\n"
                        << src;
    ++checked;
  }
  EXPECT_GT(checked, 90);
}

TEST(SpecExamples, ExpectErrorExamplesNeverCrash) {
  for (const auto& ex : specExamples()) {
    if (ex.classes.find("expect-error") == std::string::npos) continue;
    test::Parsed p = test::parse(ex.code);
    if (!p.ok()) {
      EXPECT_FALSE(p.errors().empty()) << ex.line;
    }
  }
}

}  // namespace
}  // namespace wgsl
