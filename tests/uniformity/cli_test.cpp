// The diagnostics explain themselves: the offending call, then notes walking back the chain.
#include <gtest/gtest.h>

#include "tests/uniformity/uniformity_test_support.h"

namespace wgsl::test {
namespace {
TEST(UniformityDiagnostics, Placeholder) { SUCCEED(); }
}  // namespace
}  // namespace wgsl::test
