// Every corpus kernel is a valid WGSL module: the uniformity analysis accepts it.
#include <gtest/gtest.h>

#include "tests/uniformity/uniformity_test_support.h"

namespace wgsl::test {
namespace {

TEST(UniformityCorpus, EveryKernelPasses) {
  auto files = listFiles(std::string(WGSLEMU_SOURCE_DIR) + "/corpus", ".wgsl");
  ASSERT_FALSE(files.empty());
  for (const auto& f : files) {
    if (f.find("/corpus/dynamic/") != std::string::npos) continue;  // broken on purpose
    Analysed a = analyse(readFile(f));
    ASSERT_TRUE(a.resolved) << f << "\n" << a.text();
    EXPECT_TRUE(a.diags.empty()) << f << "\n" << a.text();
  }
}

}  // namespace
}  // namespace wgsl::test
