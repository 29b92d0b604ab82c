// Every kernel in corpus/ and tests/data/valid parses without a diagnostic; every file in
// tests/data/invalid is rejected.
#include <gtest/gtest.h>

#include "tests/support/test_support.h"

namespace wgsl {
namespace {

const std::string kRoot = WGSLEMU_SOURCE_DIR;

class ValidFile : public ::testing::TestWithParam<std::string> {};

TEST_P(ValidFile, ParsesCleanly) {
  test::Parsed p = test::parse(test::readFile(GetParam()), GetParam());
  EXPECT_TRUE(p.ok()) << p.text();
  EXPECT_TRUE(p.diags.empty()) << p.text();
  ASSERT_TRUE(p.module);
  EXPECT_FALSE(p.module->decls.empty());
}

std::vector<std::string> validFiles() {
  auto files = test::listFiles(kRoot + "/corpus", ".wgsl");
  auto more = test::listFiles(kRoot + "/tests/data/valid", ".wgsl");
  files.insert(files.end(), more.begin(), more.end());
  return files;
}

std::string nameOf(const ::testing::TestParamInfo<std::string>& info) {
  std::string n = info.param.substr(info.param.find_last_of('/') + 1);
  n = n.substr(0, n.size() - 5);
  for (char& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

INSTANTIATE_TEST_SUITE_P(Corpus, ValidFile, ::testing::ValuesIn(validFiles()), nameOf);

TEST(Corpus, HasTheKernelsTheIssueAsksFor) {
  const auto files = validFiles();
  EXPECT_GE(files.size(), 20u);
  for (const char* must : {"reduce", "scan", "matmul", "histogram", "futhark_style_i64", "futhark_style_i8_packed"}) {
    bool found = false;
    for (const auto& f : files) found = found || f.find(must) != std::string::npos;
    EXPECT_TRUE(found) << must;
  }
}

class InvalidFile : public ::testing::TestWithParam<std::string> {};

TEST_P(InvalidFile, IsRejectedWithLocatedErrors) {
  test::Parsed p = test::parse(test::readFile(GetParam()), GetParam());
  EXPECT_FALSE(p.ok());
  EXPECT_FALSE(p.errors().empty());
}

INSTANTIATE_TEST_SUITE_P(Invalid, InvalidFile,
                         ::testing::ValuesIn(test::listFiles(kRoot + "/tests/data/invalid", ".wgsl")), nameOf);

TEST(DemoErrors, FourIndependentMistakesFourErrors) {
  test::Parsed p = test::parse(test::readFile(kRoot + "/tests/data/invalid/demo_errors.wgsl"));
  auto e = p.located();
  ASSERT_EQ(e.size(), 4u) << p.text();
  EXPECT_NE(e[0].find("5:17: the operands of '<<' must be unary"), std::string::npos) << e[0];
  EXPECT_NE(e[1].find("6:31: expected ';' after statement"), std::string::npos) << e[1];
  EXPECT_NE(e[2].find("11:7: 'class' is a reserved word"), std::string::npos) << e[2];
  EXPECT_NE(e[3].find("13:19: invalid numeric literal '012'"), std::string::npos) << e[3];
}

}  // namespace
}  // namespace wgsl
