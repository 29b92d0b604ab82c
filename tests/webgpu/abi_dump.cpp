// Prints the size and alignment of every struct of webgpu.yml, the offset and size of every
// member and the value of every enum and bitflag entry, and checks the type of every function.
// Built twice, against the upstream webgpu.h and against wgslemu's; CTest compares the outputs
// (tests/webgpu/CMakeLists.txt). Uses nothing but the header named by the include path.
#include <webgpu/webgpu.h>

#include <cstddef>
#include <cstdio>
#include <type_traits>

int main() {
#define ABI_STRUCT(T) std::printf("struct %s size %zu align %zu\n", #T, sizeof(T), alignof(T));
#define ABI_MEMBER(T, m) std::printf("  %s.%s offset %zu size %zu\n", #T, #m, offsetof(T, m), sizeof(T::m));
#define ABI_VALUE(v) std::printf("value %s = %llu\n", #v, static_cast<unsigned long long>(v));
#define ABI_FUNCTION(name, ret, params)                                          \
  static_assert(std::is_same<decltype(&name), ret(*) params>::value, #name);     \
  std::printf("function %s\n", #name);
#include "abi_list.inc"
  return 0;
}
