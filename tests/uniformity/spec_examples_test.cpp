// The WGSL examples of the specification, through parse, resolve and uniformity: of those that
// resolve, exactly the five the "Uniformity" section's examples call invalid are rejected by the
// analysis (invalid textureSample, function-scope variable, composite value limitation, loop,
// user-defined function call), each at the collective operation the spec points at.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <regex>

#include "tests/uniformity/uniformity_test_support.h"

namespace wgsl::test {
namespace {

std::string unescapeHtml(std::string s) {
  const std::pair<const char*, const char*> entities[] = {{"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""},
                                                          {"&#39;", "'"}, {"&amp;", "&"}};
  for (const auto& [from, to] : entities)
    for (size_t pos = 0; (pos = s.find(from, pos)) != std::string::npos; pos += std::strlen(to))
      s.replace(pos, std::strlen(from), to);
  return s;
}

TEST(UniformitySpecExamples, OnlyTheInvalidUniformityExamplesAreRejected) {
  const std::string spec = readFile(std::string(WGSLEMU_SPEC_DIR) + "/wgsl.bs");
  const std::regex open(R"(<div class='example([^']*)'[^>]*>)");
  // Rejections are only expected in the section "Examples" of "Uniformity".
  const size_t examples_section = spec.find("{#uniformity-examples}");
  ASSERT_NE(examples_section, std::string::npos);
  std::vector<std::string> rejected;
  int analysed = 0;
  for (auto it = std::sregex_iterator(spec.begin(), spec.end(), open); it != std::sregex_iterator(); ++it) {
    const std::string classes = (*it)[1];
    if (classes.find("wgsl") == std::string::npos || classes.find("expect-error") != std::string::npos ||
        classes.find("function-scope") != std::string::npos || classes.find("type-scope") != std::string::npos)
      continue;
    const size_t at = static_cast<size_t>(it->position());
    const size_t xmp = spec.find("<xmp", at);
    if (xmp == std::string::npos || xmp > spec.find("</div>", at)) continue;
    const size_t body = spec.find('>', xmp) + 1;
    const std::string code = unescapeHtml(spec.substr(body, spec.find("</xmp>", body) - body));
    Analysed a = analyse(code);
    if (!a.resolved) continue;
    ++analysed;
    if (a.result.errors == 0) continue;
    const bool in_section = at > examples_section && at < spec.find("## Compute Shaders and Workgroups", examples_section);
    rejected.push_back(std::string(in_section ? "uniformity example: " : "elsewhere: ") + a.summary().front() + " " +
                       a.diags.front().message);
  }
  EXPECT_GT(analysed, 40);
  const std::vector<std::string> want = {
      "uniformity example: error 9:13 'textureSample' must only be called from uniform control flow",
      "uniformity example: error 11:9 'workgroupBarrier' must only be called from uniform control flow",
      "uniformity example: error 14:9 'workgroupBarrier' must only be called from uniform control flow",
      "uniformity example: error 5:9 'workgroupBarrier' must only be called from uniform control flow",
      "uniformity example: error 14:13 'textureSample' must only be called from uniform control flow",
  };
  EXPECT_EQ(rejected, want);
}

}  // namespace
}  // namespace wgsl::test
