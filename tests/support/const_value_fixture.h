// Builders for ConstValues in tests: scalars of every type (f32/f16 arguments are checked to be
// values of the type, so a test cannot pass a value the type does not hold), vectors, matrices.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <initializer_list>
#include <string>
#include <vector>

#include "interp/sema/const_value.h"

namespace wgsl::test {

class ConstValueFixture : public ::testing::Test {
 protected:
  using ConstValue = sema::ConstValue;
  using Type = sema::Type;

  sema::TypeTable T;

  ConstValue AI(int64_t v) { return ConstValue::makeInt(T.abstractInt(), v); }
  ConstValue I(int64_t v) { return ConstValue::makeInt(T.i32(), v); }
  ConstValue U(int64_t v) { return ConstValue::makeInt(T.u32(), v); }
  ConstValue B(bool v) { return ConstValue::makeBool(T.boolType(), v); }
  ConstValue AF(double v) { return ConstValue::makeFloat(T.abstractFloat(), v); }
  // f32 / f16 arguments must be values of the type.
  ConstValue F(double v) {
    EXPECT_EQ(static_cast<double>(static_cast<float>(v)), v) << v << " is not an f32 value";
    return ConstValue::makeFloat(T.f32(), v);
  }
  ConstValue H(double v) {
    int e = 0;
    std::frexp(v, &e);
    const int quantum_exp = std::max(e - 1, -14) - 10;
    const double q = std::ldexp(std::nearbyint(std::ldexp(v, -quantum_exp)), quantum_exp);
    EXPECT_TRUE(std::fabs(v) <= 65504.0 && q == v) << v << " is not an f16 value";
    return ConstValue::makeFloat(T.f16(), v);
  }

  ConstValue Vec(std::vector<ConstValue> c) {
    const Type* t = T.vec(static_cast<uint32_t>(c.size()), c[0].type);
    return ConstValue::makeComposite(t, std::move(c));
  }
  ConstValue VI(std::initializer_list<int64_t> v) { return VecOf(v, [&](int64_t x) { return I(x); }); }
  ConstValue VU(std::initializer_list<int64_t> v) { return VecOf(v, [&](int64_t x) { return U(x); }); }
  ConstValue VAI(std::initializer_list<int64_t> v) { return VecOf(v, [&](int64_t x) { return AI(x); }); }
  ConstValue VF(std::initializer_list<double> v) { return VecOf(v, [&](double x) { return F(x); }); }
  ConstValue VH(std::initializer_list<double> v) { return VecOf(v, [&](double x) { return H(x); }); }
  ConstValue VAF(std::initializer_list<double> v) { return VecOf(v, [&](double x) { return AF(x); }); }
  ConstValue VB(std::initializer_list<bool> v) { return VecOf(v, [&](bool x) { return B(x); }); }
  template <typename X, typename Fn>
  ConstValue VecOf(std::initializer_list<X> v, Fn make) {
    std::vector<ConstValue> c;
    for (X x : v) c.push_back(make(x));
    return Vec(c);
  }
  // A matrix from its columns.
  ConstValue Mat(std::vector<ConstValue> cols) {
    const Type* t = T.mat(static_cast<uint32_t>(cols.size()), cols[0].type->width, cols[0].type->elem);
    return ConstValue::makeComposite(t, std::move(cols));
  }
  // The built-in result structures of frexp and modf.
  const Type* Result2(const std::string& name, const std::string& m0, const Type* t0, const std::string& m1,
                      const Type* t1) {
    Type* s = T.newStruct(name);
    sema::StructMemberInfo a, b;
    a.name = m0, a.type = t0, a.index = 0;
    b.name = m1, b.type = t1, b.index = 1;
    s->members = {a, b};
    return s;
  }
};

}  // namespace wgsl::test
