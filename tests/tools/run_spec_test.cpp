// The run-spec format of docs/run-spec.md: what it accepts, how DATA becomes bytes, how
// expectations compare, and the precise errors for everything else.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>

#include "tools/runspec/compare.h"
#include "tools/runspec/run_spec.h"

namespace wgslemu::runspec {
namespace {

std::optional<RunSpec> parse(const std::string& text, std::string& error) {
  return parseRunSpec(text, "dir/spec.json", error);
}

// Parses and expects failure; returns the error.
std::string errorOf(const std::string& text) {
  std::string error;
  auto s = parse(text, error);
  EXPECT_FALSE(s) << "accepted: " << text;
  return error;
}

std::vector<uint8_t> bytesOf(const DataSpec& d) {
  std::vector<uint8_t> out;
  std::string error;
  EXPECT_TRUE(materialize(d, out, error)) << error;
  return out;
}

template <typename T>
T at(const std::vector<uint8_t>& b, size_t i) {
  T v;
  std::memcpy(&v, b.data() + i * sizeof(T), sizeof(T));
  return v;
}

TEST(RunSpec, ParsesTheFullFormat) {
  std::string error;
  auto s = parse(R"({
    "buffers": {
      "in": {"data": {"f32": [1.5, -2, "nan", "inf"]}},
      "out": {"size": 64, "expect": {"f32": [1, 2]}, "tolerance": {"ulps": 2}, "save": "out.bin"},
      "args": {"data": {"u32": [4, 1, 1]}}
    },
    "passes": [
      {"shader": "a.wgsl", "entry": "main", "overrides": {"wg": 64, "7": 1.5, "flag": true},
       "dispatch": [4], "bind": {"0:0": "in", "0:1": "out"}},
      {"source": "@compute @workgroup_size(1) fn main() {}", "dispatch_indirect": {"buffer": "args", "offset": 0}}
    ],
    "options": {"subgroup-size": 8, "seed": "42", "max_steps": 1000}
  })", error);
  ASSERT_TRUE(s) << error;
  ASSERT_EQ(s->buffers.size(), 3u);
  EXPECT_EQ(s->buffers[0].name, "in");  // the order written
  EXPECT_EQ(s->buffers[0].data->bytes, 16u);
  EXPECT_EQ(*s->buffers[1].size, 64u);
  EXPECT_EQ(*s->buffers[1].save, "dir/out.bin");  // relative to the spec's folder
  EXPECT_EQ(s->buffers[1].tolerance->ulps, 2u);
  ASSERT_EQ(s->passes.size(), 2u);
  EXPECT_EQ(*s->passes[0].shader_path, "dir/a.wgsl");
  EXPECT_EQ(s->passes[0].entry, "main");
  EXPECT_EQ((*s->passes[0].dispatch)[0], 4u);
  EXPECT_EQ((*s->passes[0].dispatch)[1], 1u);  // Y and Z default to 1
  ASSERT_EQ(s->passes[0].overrides.size(), 3u);
  EXPECT_TRUE(s->passes[0].overrides[2].is_bool);
  ASSERT_EQ(s->passes[0].binds.size(), 2u);
  EXPECT_EQ(s->passes[0].binds[1].binding, 1u);
  EXPECT_EQ(s->passes[1].dispatch_indirect->buffer, "args");
  EXPECT_EQ(s->options.at("subgroup-size"), "8");
  EXPECT_EQ(s->options.at("max-steps"), "1000");  // '_' spelling accepted, stored canonically
}

TEST(RunSpec, MalformedJsonNamesLineAndColumn) {
  std::string e = errorOf("{\n  \"buffers\": {},\n  \"passes\": [,]\n}");
  EXPECT_NE(e.find("dir/spec.json:3:"), std::string::npos) << e;
  EXPECT_NE(e.find("malformed JSON"), std::string::npos) << e;
}

// Found by fuzz_run_spec: a number beyond the range of a double made the JSON library throw an
// exception the parser did not catch, and `wgslemu run` died with std::terminate.
TEST(RunSpec, NumberOutOfRangeIsAnErrorWithItsPlace) {
  std::string e = errorOf("{\n  \"buffers\": {\"a\": {\"size\": 1e400}},\n  \"passes\": []\n}");
  EXPECT_NE(e.find("dir/spec.json:2:"), std::string::npos) << e;
  EXPECT_NE(e.find("1e400"), std::string::npos) << e;
  EXPECT_NE(e.find("out of range"), std::string::npos) << e;
  e = errorOf("-1e999999999999999999");
  EXPECT_NE(e.find("dir/spec.json:1:1:"), std::string::npos) << e;
}

TEST(RunSpec, RejectsEverythingOutsideTheFormat) {
  struct Case {
    const char* spec;
    const char* needle;
  };
  const Case cases[] = {
      {R"([])", "must be a JSON object"},
      {R"({"passes": [], "bufers": {}})", "unknown key \"bufers\""},
      {R"({"buffers": {}})", "missing \"passes\""},
      {R"({"passes": []})", "non-empty array"},
      {R"({"buffers": {"b": {"size": -4}}, "passes": [{"source": "", "dispatch": [1]}]})", "buffers.b.size"},
      {R"({"buffers": {"b": {}}, "passes": [{"source": "", "dispatch": [1]}]})", "give \"size\" or \"data\""},
      {R"({"buffers": {"b": {"size": 4, "data": {"u32": [1, 2]}}}, "passes": [{"source": "", "dispatch": [1]}]})",
       "8 bytes of data do not fit"},
      {R"({"buffers": {"b": {"size": 4, "expect": {"u32": [1, 2]}}}, "passes": [{"source": "", "dispatch": [1]}]})",
       "8 bytes expected"},
      {R"({"buffers": {"b": {"data": {"u64": [1]}}}, "passes": [{"source": "", "dispatch": [1]}]})",
       "unknown DATA form 'u64'"},
      {R"({"buffers": {"b": {"data": {"u32": [-1]}}}, "passes": [{"source": "", "dispatch": [1]}]})",
       "buffers.b.data.u32[0]: -1 is out of range"},
      {R"({"buffers": {"b": {"data": {"u8": [256]}}}, "passes": [{"source": "", "dispatch": [1]}]})", "out of range"},
      {R"({"buffers": {"b": {"data": {"i32": [1.5]}}}, "passes": [{"source": "", "dispatch": [1]}]})",
       "not an integer"},
      {R"({"buffers": {"b": {"data": {"f32": [1e39]}}}, "passes": [{"source": "", "dispatch": [1]}]})",
       "too large for f32"},
      {R"({"buffers": {"b": {"data": {"f16": [70000]}}}, "passes": [{"source": "", "dispatch": [1]}]})",
       "too large for f16"},
      {R"({"buffers": {"b": {"data": {"u32": ["x"]}}}, "passes": [{"source": "", "dispatch": [1]}]})",
       "not a number"},
      {R"({"buffers": {"b": {"data": {"fill": {"u32": 1}}}}, "passes": [{"source": "", "dispatch": [1]}]})",
       "\"count\": N"},
      {R"({"buffers": {"b": {"data": {"iota": {"u32": 4294967295, "count": 2}}}}, "passes": [{"source": "", "dispatch": [1]}]})",
       "passes the largest u32"},
      {R"({"buffers": {"b": {"data": {"file": "no-such-file.bin"}}}, "passes": [{"source": "", "dispatch": [1]}]})",
       "cannot read 'dir/no-such-file.bin'"},
      {R"({"buffers": {"b": {"size": 4, "expect": {"u32": [1]}, "tolerance": {"ulps": 1}}}, "passes": [{"source": "", "dispatch": [1]}]})",
       "only applies to an \"expect\" of f32 or f16"},
      {R"({"buffers": {"b": {"size": 4, "expect": {"f32": [1]}, "tolerance": {"ulps": 1, "abs": 2}}}, "passes": [{"source": "", "dispatch": [1]}]})",
       "cannot be combined"},
      {R"({"passes": [{"dispatch": [1]}]})", "exactly one of \"shader\""},
      {R"({"passes": [{"shader": "a.wgsl", "source": "x", "dispatch": [1]}]})", "exactly one of \"shader\""},
      {R"({"passes": [{"source": ""}]})", "exactly one of \"dispatch\""},
      {R"({"passes": [{"source": "", "dispatch": [1, 2, 3, 4]}]})", "expected [X, Y, Z]"},
      {R"({"passes": [{"source": "", "dispatch": [-1]}]})", "passes[0].dispatch[0]"},
      {R"({"passes": [{"source": "", "dispatch": [1], "bind": {"0": "b"}}]})", "is not a slot"},
      {R"({"passes": [{"source": "", "dispatch": [1], "bind": {"0:0": "nope"}}]})", "unknown buffer 'nope'"},
      {R"({"passes": [{"source": "", "dispatch_indirect": {"buffer": "nope"}}]})", "unknown buffer 'nope'"},
      {R"({"buffers": {"a": {"size": 12}}, "passes": [{"source": "", "dispatch_indirect": {"buffer": "a", "offset": 2}}]})",
       "multiple of 4"},
      {R"({"passes": [{"source": "", "dispatch": [1], "overrides": {"x": "1"}}]})", "a number or a boolean"},
      {R"({"passes": [{"source": "", "dispatch": [1]}], "options": {"subgroup": 4}})", "unknown option"},
      {R"({"passes": [{"source": "", "dispatch": [1], "entry": 3}]})", "passes[0].entry"},
  };
  for (const auto& c : cases) {
    std::string e = errorOf(c.spec);
    EXPECT_NE(e.find(c.needle), std::string::npos) << "spec: " << c.spec << "\nerror: " << e;
    EXPECT_EQ(e.rfind("dir/spec.json", 0), 0u) << e;
  }
}

TEST(RunSpec, DataBecomesLittleEndianBytes) {
  std::string error;
  auto s = parse(R"({
    "buffers": {
      "u": {"data": {"u32": [1, 4294967295, "0xdeadbeef"]}},
      "i": {"data": {"i32": [-1, -2147483648]}},
      "f": {"data": {"f32": [0.1, "-inf", "nan"]}},
      "h": {"data": {"f16": [1, 65504, -0.5, 0.0000000596]}},
      "b": {"data": {"u8": [1, 2, 255]}},
      "z": {"data": {"zero": 6}},
      "fi": {"data": {"fill": {"i32": -7, "count": 3}}},
      "io": {"data": {"iota": {"f32": 0.5, "count": 3}}}
    },
    "passes": [{"source": "", "dispatch": [1]}]
  })", error);
  ASSERT_TRUE(s) << error;
  auto u = bytesOf(*s->buffer("u")->data);
  ASSERT_EQ(u.size(), 12u);
  EXPECT_EQ(u[0], 1);
  EXPECT_EQ(u[1], 0);
  EXPECT_EQ(at<uint32_t>(u, 1), 0xffffffffu);
  EXPECT_EQ(at<uint32_t>(u, 2), 0xdeadbeefu);
  auto i = bytesOf(*s->buffer("i")->data);
  EXPECT_EQ(at<int32_t>(i, 0), -1);
  EXPECT_EQ(at<uint32_t>(i, 1), 0x80000000u);
  auto f = bytesOf(*s->buffer("f")->data);
  EXPECT_EQ(at<float>(f, 0), 0.1f);  // the double 0.1 rounded once to binary32
  EXPECT_EQ(at<uint32_t>(f, 1), 0xff800000u);
  EXPECT_TRUE(std::isnan(at<float>(f, 2)));
  auto h = bytesOf(*s->buffer("h")->data);
  ASSERT_EQ(h.size(), 8u);
  EXPECT_EQ(at<uint16_t>(h, 0), 0x3c00u);  // 1.0 in binary16
  EXPECT_EQ(at<uint16_t>(h, 1), 0x7bffu);  // 65504, the largest finite binary16
  EXPECT_EQ(at<uint16_t>(h, 2), 0xb800u);  // -0.5
  EXPECT_EQ(at<uint16_t>(h, 3), 0x0001u);  // 5.96e-8 rounds to the smallest subnormal, 2^-24
  auto b = bytesOf(*s->buffer("b")->data);
  EXPECT_EQ(b, (std::vector<uint8_t>{1, 2, 255}));
  EXPECT_EQ(bytesOf(*s->buffer("z")->data), std::vector<uint8_t>(6, 0));
  auto fi = bytesOf(*s->buffer("fi")->data);
  EXPECT_EQ(at<int32_t>(fi, 2), -7);
  auto io = bytesOf(*s->buffer("io")->data);
  EXPECT_EQ(at<float>(io, 0), 0.5f);
  EXPECT_EQ(at<float>(io, 2), 2.5f);
}

TEST(RunSpec, FileDataIsReadRelativeToTheSpec) {
  const std::string dir = ::testing::TempDir();
  {
    std::ofstream out(dir + "/data.bin", std::ios::binary);
    out.write("\x01\x02\x03", 3);
  }
  std::string error;
  auto s = parseRunSpec(R"({"buffers": {"b": {"data": {"file": "data.bin"}}}, "passes": [{"source": "", "dispatch": [1]}]})",
                        dir + "/spec.json", error);
  ASSERT_TRUE(s) << error;
  EXPECT_EQ(s->buffer("b")->data->bytes, 3u);
  EXPECT_EQ(bytesOf(*s->buffer("b")->data), (std::vector<uint8_t>{1, 2, 3}));
}

// ------------------------------------------------------------------ expectations

struct Expectation {
  DataSpec spec;
  std::vector<uint8_t> bytes;
};

Expectation expectation(const std::string& data_json) {
  std::string error;
  auto s = parse(R"({"buffers": {"b": {"size": 4096, "expect": )" + data_json +
                     R"(}}, "passes": [{"source": "", "dispatch": [1]}]})",
                 error);
  EXPECT_TRUE(s) << error;
  Expectation e{*s->buffer("b")->expect, {}};
  e.bytes = bytesOf(e.spec);
  return e;
}

std::vector<uint8_t> floats(std::initializer_list<float> v) {
  std::vector<uint8_t> out(v.size() * 4);
  std::memcpy(out.data(), v.begin(), out.size());
  return out;
}

TEST(RunSpecCompare, IntegersCompareExactlyAndReportTheFirstDifferences) {
  Expectation e = expectation(R"({"u32": [1, 2, 3, 4]})");
  std::vector<uint8_t> got = e.bytes;
  EXPECT_FALSE(compareBuffer("b", e.spec, e.bytes, got, std::nullopt));
  got[4] = 7;   // element 1 becomes 7
  got[12] = 9;  // element 3 becomes 9
  auto m = compareBuffer("b", e.spec, e.bytes, got, std::nullopt);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->count, 2u);
  EXPECT_EQ(m->compared, 4u);
  ASSERT_EQ(m->first.size(), 2u);
  EXPECT_EQ(m->first[0].index, 1u);
  EXPECT_EQ(m->first[0].expected, "2");
  EXPECT_EQ(m->first[0].got, "7");
  std::string d = describe(*m);
  EXPECT_NE(d.find("buffer 'b': 2 of 4 u32 elements differ"), std::string::npos) << d;
  EXPECT_NE(d.find("[1] expected 2, got 7"), std::string::npos) << d;
}

TEST(RunSpecCompare, FloatsAreExactUnlessToleratedAndNanMatchesNan) {
  Expectation e = expectation(R"({"f32": [1.0, "nan", 0, "inf"]})");
  EXPECT_FALSE(compareBuffer("b", e.spec, e.bytes, floats({1.0f, NAN, -0.0f, INFINITY}), std::nullopt));
  const float next = std::nextafter(1.0f, 2.0f);
  EXPECT_TRUE(compareBuffer("b", e.spec, e.bytes, floats({next, NAN, 0.0f, INFINITY}), std::nullopt));
  Tolerance one_ulp;
  one_ulp.ulps = 1;
  EXPECT_FALSE(compareBuffer("b", e.spec, e.bytes, floats({next, NAN, 0.0f, INFINITY}), one_ulp));
  const float two_up = std::nextafter(next, 2.0f);
  EXPECT_TRUE(compareBuffer("b", e.spec, e.bytes, floats({two_up, NAN, 0.0f, INFINITY}), one_ulp));
  // NaN never matches a number, and infinity is not within any tolerance of a finite value.
  EXPECT_TRUE(compareBuffer("b", e.spec, e.bytes, floats({1.0f, 0.0f, 0.0f, INFINITY}), one_ulp));
  EXPECT_TRUE(compareBuffer("b", e.spec, e.bytes, floats({1.0f, NAN, 0.0f, 3.4e38f}), one_ulp));
  Tolerance absrel;
  absrel.kind = Tolerance::AbsRel;
  absrel.abs = 0.01;
  EXPECT_FALSE(compareBuffer("b", e.spec, e.bytes, floats({1.009f, NAN, -0.005f, INFINITY}), absrel));
  EXPECT_TRUE(compareBuffer("b", e.spec, e.bytes, floats({1.02f, NAN, 0.0f, INFINITY}), absrel));
  absrel.abs = 0;
  absrel.rel = 0.1;  // |got - expected| <= 0.1 * |expected|
  EXPECT_FALSE(compareBuffer("b", e.spec, e.bytes, floats({1.09f, NAN, 0.0f, INFINITY}), absrel));
  EXPECT_TRUE(compareBuffer("b", e.spec, e.bytes, floats({1.11f, NAN, 0.0f, INFINITY}), absrel));
}

TEST(RunSpecCompare, UlpDistanceCountsRepresentableValuesAcrossZero) {
  EXPECT_EQ(ulpDistance(1.0, 1.0, false), 0u);
  EXPECT_EQ(ulpDistance(1.0, std::nextafter(1.0f, 2.0f), false), 1u);
  const float tiny = std::numeric_limits<float>::denorm_min();
  EXPECT_EQ(ulpDistance(-tiny, tiny, false), 2u);  // -tiny, 0, +tiny
  EXPECT_EQ(ulpDistance(-0.0, 0.0, false), 0u);
  EXPECT_EQ(ulpDistance(1.0, 1.0 + 1.0 / 1024, true), 1u);  // binary16 has 10 fraction bits
}

TEST(RunSpecCompare, PrefixExpectationsCompareOnlyTheirElements) {
  Expectation e = expectation(R"({"fill": {"u32": 5, "count": 2}})");
  std::vector<uint8_t> got(16, 0);
  got[0] = 5;
  got[4] = 5;
  EXPECT_FALSE(compareBuffer("b", e.spec, e.bytes, got, std::nullopt));
}

}  // namespace
}  // namespace wgslemu::runspec
