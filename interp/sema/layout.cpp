// Memory layout (spec section "Memory Layout"): the "Alignment and Size" table, "Structure Member
// Layout" and the uniform rules of "Address Space Layout Constraints".
#include "interp/sema/layout.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

namespace wgsl::sema {

namespace {

constexpr uint64_t kMaxSize = std::numeric_limits<uint32_t>::max();

// Sizes are computed in 64 bits and saturated to UINT32_MAX, so an absurdly large array (e.g.
// array<vec4<f32>, 1000000000>) reports a huge size instead of wrapping around to a small one;
// a later byte-size limit check then still fires.
uint32_t saturate(uint64_t n) { return static_cast<uint32_t>(std::min(n, kMaxSize)); }

uint64_t roundUp64(uint64_t k, uint64_t n) {
  if (k == 0) return n;  // alignment of a type without one (see alignOf): no rounding
  return (n + k - 1) / k * k;
}

// SizeOf of the scalar of a vector or matrix: 4 for bool, i32, u32 and f32; 2 for f16.
uint32_t scalarSize(const Type* s) { return s->kind == TypeKind::F16 ? 2 : 4; }

uint32_t vectorAlign(uint32_t width, const Type* scalar) {
  // vec2: twice the scalar size; vec3 and vec4: four times the scalar size.
  return (width == 2 ? 2 : 4) * scalarSize(scalar);
}

uint32_t vectorSize(uint32_t width, const Type* scalar) { return width * scalarSize(scalar); }

}  // namespace

uint32_t roundUp(uint32_t k, uint32_t n) { return saturate(roundUp64(k, n)); }

// Types outside the table (abstract numeric types, pointers, references, handles, void) have no
// alignment and no size: both are reported as 0. A buffer type has a size but no alignment.
uint32_t alignOf(const Type* t) {
  switch (t->kind) {
    case TypeKind::Bool:
    case TypeKind::I32:
    case TypeKind::U32:
    case TypeKind::F32: return 4;
    case TypeKind::F16: return 2;
    case TypeKind::Atomic: return 4;
    case TypeKind::Vector: return vectorAlign(t->width, t->elem);
    case TypeKind::Matrix: return vectorAlign(t->rows, t->elem);  // AlignOf(vecR)
    case TypeKind::Array: return alignOf(t->elem);
    case TypeKind::Struct: return t->struct_align;
    default: return 0;
  }
}

uint32_t sizeOf(const Type* t) {
  switch (t->kind) {
    case TypeKind::Bool:
    case TypeKind::I32:
    case TypeKind::U32:
    case TypeKind::F32: return 4;
    case TypeKind::F16: return 2;
    case TypeKind::Atomic: return 4;
    case TypeKind::Vector: return vectorSize(t->width, t->elem);
    case TypeKind::Matrix: {
      // SizeOf(array<vecR, C>) = C * roundUp(AlignOf(vecR), SizeOf(vecR)).
      uint64_t column_stride = roundUp64(vectorAlign(t->rows, t->elem), vectorSize(t->rows, t->elem));
      return saturate(t->columns * column_stride);
    }
    case TypeKind::Array:
      // A runtime-sized array (and an override-sized one, whose count is not known here) is
      // given the size of a single element: the header's contract, and WebGPU's minimum
      // binding size (NRuntime >= 1).
      if (t->count) return saturate(static_cast<uint64_t>(*t->count) * strideOf(t));
      return strideOf(t);
    case TypeKind::Struct: return t->struct_size;
    case TypeKind::Buffer: return t->buffer_size.value_or(0);  // unsized: the bound GPUBuffer's size
    default: return 0;
  }
}

uint32_t strideOf(const Type* array_type) {
  const Type* e = array_type->elem;
  return roundUp(alignOf(e), sizeOf(e));
}

void layoutStruct(Type* s, const std::vector<MemberLayoutRequest>& requests) {
  uint64_t end_of_previous = 0;  // OffsetOfMember(S, i-1) + SizeOfMember(S, i-1)
  uint32_t struct_align = 1;     // alignments are powers of two >= 1
  for (size_t i = 0; i < s->members.size(); ++i) {
    StructMemberInfo& m = s->members[i];
    const MemberLayoutRequest* req = i < requests.size() ? &requests[i] : nullptr;
    // AlignOfMember / SizeOfMember: the attribute if present, else the type's own.
    uint32_t align = req && req->align ? *req->align : alignOf(m.type);
    uint32_t size = req && req->size ? *req->size : sizeOf(m.type);
    // OffsetOfMember(S, 1) = 0; later: roundUp(AlignOfMember(S, i), end of member i-1).
    uint64_t offset = i == 0 ? 0 : roundUp64(align, end_of_previous);
    m.index = static_cast<uint32_t>(i);
    m.align = align;
    m.size = size;
    m.offset = saturate(offset);
    end_of_previous = offset + size;
    struct_align = std::max(struct_align, align);
  }
  s->struct_align = struct_align;
  // SizeOf(S) = roundUp(AlignOf(S), justPastLastMember). With a runtime-sized last member this
  // counts one element (see sizeOf).
  s->struct_size = saturate(roundUp64(struct_align, end_of_previous));
}

// ---------------------------------------------------------------------------------------------
// Uniform address space constraints.
//
// These are the rules that hold when the `uniform_buffer_standard_layout` language extension is
// NOT supported (the strict, std140-like column of the RequiredAlignOf table plus the two extra
// uniform requirements). When the extension is supported, the uniform address space has the
// same constraints as `storage`: RequiredAlignOf(T, uniform) = AlignOf(T) for every T, and
// neither the 16-byte array stride rule nor the "following member of a struct-typed member"
// rule applies. A caller that supports the extension therefore skips checkUniformLayout
// entirely and validates a uniform store type exactly like a storage one (member offsets a
// multiple of AlignOf(member type), which layoutStruct guarantees unless an @align attribute is
// below the member type's own alignment).
namespace {

bool isArrayOrStruct(const Type* t) { return t->kind == TypeKind::Array || t->kind == TypeKind::Struct; }

// RequiredAlignOf(T, uniform) without uniform_buffer_standard_layout.
uint32_t requiredUniformAlign(const Type* t) {
  uint32_t a = alignOf(t);
  return isArrayOrStruct(t) ? roundUp(16, a) : a;
}

std::string checkType(const Type* t, const std::string& where);

// `where` describes where array type `t` occurs ("" for the store type itself).
std::string checkArray(const Type* t, const std::string& where) {
  uint32_t stride = strideOf(t);
  uint32_t elem_required = requiredUniformAlign(t->elem);
  std::string subject = where.empty() ? fmt::format("the array type '{}'", t->name())
                                      : fmt::format("the array type '{}' of {}", t->name(), where);
  // "Array elements are aligned to 16 byte boundaries": StrideOf(A) = 16 * k'.
  if (stride % 16 != 0)
    return fmt::format(
        "{} has element stride {}, but in the uniform address space an array's element stride must be a "
        "multiple of 16",
        subject, stride);
  // StrideOf(A) = k * RequiredAlignOf(E, uniform).
  if (elem_required != 0 && stride % elem_required != 0)
    return fmt::format(
        "{} has element stride {}, but in the uniform address space it must be a multiple of {}, the required "
        "alignment of its element type '{}'",
        subject, stride, elem_required, t->elem->name());
  std::string elem_where = where.empty() ? fmt::format("the elements of '{}'", t->name())
                                         : fmt::format("the elements of {}", where);
  return checkType(t->elem, elem_where);
}

std::string checkStruct(const Type* s) {
  const auto& members = s->members;
  for (size_t i = 0; i < members.size(); ++i) {
    const StructMemberInfo& m = members[i];
    // OffsetOfMember(S, i) = k * RequiredAlignOf(T, uniform).
    uint32_t required = requiredUniformAlign(m.type);
    if (required != 0 && m.offset % required != 0)
      return fmt::format(
          "member '{}' of '{}' is at offset {}, but in the uniform address space a member of type '{}' must be at "
          "an offset that is a multiple of {}",
          m.name, s->struct_name, m.offset, m.type->name(), required);
    // A member of structure type S must be followed by at least roundUp(16, SizeOf(S)) bytes
    // before the start of the next member.
    if (m.type->kind == TypeKind::Struct && i + 1 < members.size()) {
      const StructMemberInfo& next = members[i + 1];
      uint32_t gap = next.offset - m.offset;
      uint32_t needed = roundUp(16, sizeOf(m.type));
      if (gap < needed)
        return fmt::format(
            "member '{}' of '{}' is at offset {}, only {} bytes after the start of member '{}' of structure type "
            "'{}', but in the uniform address space it must be at least {} bytes after it (roundUp(16, SizeOf({})))",
            next.name, s->struct_name, next.offset, gap, m.name, m.type->name(), needed, m.type->name());
    }
    std::string err = checkType(m.type, fmt::format("member '{}' of '{}'", m.name, s->struct_name));
    if (!err.empty()) return err;
  }
  return {};
}

std::string checkType(const Type* t, const std::string& where) {
  switch (t->kind) {
    case TypeKind::Array: return checkArray(t, where);
    case TypeKind::Struct: return checkStruct(t);
    default: return {};  // scalars, vectors, matrices, atomics: RequiredAlignOf = AlignOf
  }
}

}  // namespace

std::string checkUniformLayout(const Type* t) { return checkType(t, ""); }

}  // namespace wgsl::sema
