// The front end's size limits, each just below (accepted) and just above (the error, with its
// place and text): the input size of the CLI (kMaxInputBytes, tools/wgslemu/input_file.h), the
// number of tokens in a module and the length of one token (kMaxTokens, kMaxTokenLength,
// grammar/token_pipeline.h). docs/reliability.md lists them.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <streambuf>
#include <string>

#include "base/diagnostics.h"
#include "grammar/token_pipeline.h"
#include "tests/support/test_support.h"
#include "tools/wgslemu/input_file.h"

namespace wgsl {
namespace {

namespace fs = std::filesystem;

// A file of `size` bytes that takes no disk space (a sparse file of NULs), removed at the end.
struct SparseFile {
  fs::path path;
  explicit SparseFile(uint64_t size) {
    path = fs::temp_directory_path() / ("wgslemu-input-limit-" + std::to_string(::getpid()) + ".wgsl");
    { std::ofstream(path.string(), std::ios::binary); }
    fs::resize_file(path, size);
  }
  ~SparseFile() {
    std::error_code ec;
    fs::remove(path, ec);
  }
};

// `n` NUL bytes, produced as they are read (standard input that is never stored here).
class ZeroStream : public std::streambuf {
 public:
  explicit ZeroStream(uint64_t n) : left_(n) { std::memset(buf_, 0, sizeof buf_); }

 protected:
  int_type underflow() override {
    if (left_ == 0) return traits_type::eof();
    const size_t n = static_cast<size_t>(std::min<uint64_t>(left_, sizeof buf_));
    left_ -= n;
    setg(buf_, buf_, buf_ + n);
    return traits_type::to_int_type(buf_[0]);
  }

 private:
  uint64_t left_;
  char buf_[1 << 16];
};

TEST(InputLimits, FileOfExactlyTheLimitIsReadAndOneByteMoreIsRefused) {
  ASSERT_EQ(wgslemu::kMaxInputBytes, 268435456u);
  std::string error;
  {
    SparseFile at(wgslemu::kMaxInputBytes);
    auto in = wgslemu::readInput(at.path.string(), error);
    ASSERT_TRUE(in.has_value()) << error;
    EXPECT_EQ(in->bytes.size(), wgslemu::kMaxInputBytes);
  }
  SparseFile over(wgslemu::kMaxInputBytes + 1);
  EXPECT_FALSE(wgslemu::readInput(over.path.string(), error).has_value());
  EXPECT_EQ(error, "'" + over.path.string() +
                       "' is 268435457 bytes; wgslemu reads shaders of at most 268435456 bytes (256 MiB, an "
                       "implementation limit)");
}

// A file whose size is not known in advance (a device) is cut off while it is read.
TEST(InputLimits, EndlessFileIsRefusedAfterTheLimit) {
  std::string error;
  EXPECT_FALSE(wgslemu::readInput("/dev/zero", error).has_value());
  EXPECT_EQ(error, "'/dev/zero' is larger than 268435456 bytes (256 MiB): wgslemu reads shaders of at most that "
                   "size (an implementation limit)");
}

TEST(InputLimits, StandardInputOverTheLimitIsRefused) {
  ZeroStream zeros(wgslemu::kMaxInputBytes + 1);
  std::streambuf* saved = std::cin.rdbuf(&zeros);
  std::string error;
  const bool read = wgslemu::readInput("-", error).has_value();
  std::cin.rdbuf(saved);
  std::cin.clear();
  EXPECT_FALSE(read);
  EXPECT_EQ(error, "standard input is larger than 268435456 bytes (256 MiB): wgslemu reads shaders of at most that "
                   "size (an implementation limit)");
}

// Tokens: kMaxTokens ';' are lexed and checked without an error; one more is the error, placed at
// the first token past the limit (line 1, column 2^25 + 1).
TEST(InputLimits, TokenCountJustBelowAndJustAboveTheLimit) {
  ASSERT_EQ(kMaxTokens, 33554432u);
  {
    std::u32string text(kMaxTokens, U';');
    DiagnosticList diags;
    TokenStream ts = buildTokenStream(text, diags);
    EXPECT_FALSE(diags.hasErrors());
    EXPECT_EQ(ts.tokens.size(), kMaxTokens + 1);  // and the end-of-file record
  }
  const std::string src(kMaxTokens + 1, ';');
  test::Parsed p = test::parse(src);
  ASSERT_FALSE(p.ok());
  ASSERT_EQ(p.located().size(), 1u);
  EXPECT_EQ(p.located()[0],
            "1:33554433: the module has more than 33554432 tokens (33554433); wgslemu reads at most 33554432 (an "
            "implementation limit that bounds its memory: split the module)");
}

// The longest token is kMaxTokenLength - 1 code points; one of kMaxTokenLength is the error, at the
// token.
TEST(InputLimits, TokenLengthJustBelowAndAtTheLimit) {
  ASSERT_EQ(kMaxTokenLength, 16777215u);
  test::Parsed ok = test::parse("const " + std::string(kMaxTokenLength - 1, 'a') + " = 1;");
  EXPECT_TRUE(ok.ok()) << ok.text().substr(0, 300);
  test::Parsed p = test::parse("const " + std::string(kMaxTokenLength, 'a') + " = 1;");
  ASSERT_FALSE(p.ok());
  ASSERT_EQ(p.located().size(), 1u);
  EXPECT_EQ(p.located()[0], "1:7: token too long: 16777215 characters or more; wgslemu reads tokens of at most "
                            "16777214 characters (an implementation limit)");
}

}  // namespace
}  // namespace wgsl
