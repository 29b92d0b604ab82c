// Table-driven uniformity cases (data/*.txt): each module's uniformity diagnostics, as severity
// and position, must be exactly the ones the spec's rules give.
#include <gtest/gtest.h>

#include "tests/uniformity/uniformity_test_support.h"

namespace wgsl::test {
namespace {

class UniformityCase : public ::testing::TestWithParam<Case> {};

TEST_P(UniformityCase, DiagnosticsMatchTheSpec) {
  const Case& c = GetParam();
  uniformity::Options opts;
  std::vector<std::string> want;
  for (const auto& item : expectedSummary(c.expect)) {
    if (item == "option:no-subgroup-scope") opts.subgroup_uniformity = false;
    else want.push_back(item);
  }
  Analysed a = analyse(c.source, opts);
  ASSERT_TRUE(a.resolved) << c.file << ":" << c.line << " " << c.name << "\n" << a.text();
  EXPECT_EQ(a.summary(), want) << c.file << ":" << c.line << " " << c.name << "\n" << c.source << a.text();
}

std::string caseName(const ::testing::TestParamInfo<Case>& info) {
  std::string s = info.param.file.substr(0, info.param.file.find('.')) + "_" + info.param.name;
  for (char& ch : s)
    if (!isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return s;
}

INSTANTIATE_TEST_SUITE_P(Tables, UniformityCase, ::testing::ValuesIn(loadAllCases()), caseName);

TEST(UniformityTables, HaveCases) { EXPECT_GT(loadAllCases().size(), 200u); }

}  // namespace
}  // namespace wgsl::test
