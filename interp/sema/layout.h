// Memory layout of host-shareable and workgroup types (spec section "Memory Layout"):
// AlignOf, SizeOf, member offsets and array strides, and the extra constraints of the uniform
// address space.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "interp/sema/types.h"

namespace wgsl::sema {

// AlignOf(T) and SizeOf(T) of the spec's "Alignment and Size" table. For a runtime-sized
// array SizeOf is the size of one element's stride (the table leaves it undefined; callers
// must not use it for anything else). Struct types carry their computed size and alignment.
uint32_t alignOf(const Type* t);
uint32_t sizeOf(const Type* t);
// StrideOf(array<E, ...>) = roundUp(AlignOf(E), SizeOf(E)).
uint32_t strideOf(const Type* array_type);
uint32_t roundUp(uint32_t k, uint32_t n);

// Attributes of one structure member as written.
struct MemberLayoutRequest {
  std::optional<uint32_t> align;  // @align(n): already validated to be a power of two >= 1
  std::optional<uint32_t> size;   // @size(n): already validated to be >= SizeOf(member type)
};

// Computes offsets, sizes and alignments of `s`'s members (already given their types) and the
// struct's size and alignment, in place ("Structure Member Layout").
void layoutStruct(Type* s, const std::vector<MemberLayoutRequest>& requests);

// The uniform address space constraints ("Address Space Layout Constraints"), checked on the
// store type of a `var<uniform>`: returns an empty string if satisfied, else a sentence naming
// the member or element that violates them and the rule.
std::string checkUniformLayout(const Type* t);

}  // namespace wgsl::sema
