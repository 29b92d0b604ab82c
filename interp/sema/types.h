// The WGSL type system (spec section "Types"): every type is interned in a TypeTable, so two
// types are the same exactly when their pointers are equal (structures are the exception: each
// declaration is its own type).
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "base/diagnostics.h"

namespace wgsl::ast {
struct Expr;
struct StructDecl;
struct VarDecl;
}  // namespace wgsl::ast

namespace wgsl::sema {

enum class TypeKind {
  Bool, AbstractInt, AbstractFloat, I32, U32, F32, F16,   // scalars
  Vector, Matrix, Array, Struct, Atomic,                  // composites and atomics
  Ptr, Ref,                                               // memory views
  Sampler, SamplerComparison, Texture,                    // handles
  Buffer,                                                 // buffer_view language feature
  Void,                                                   // "no value": calls of functions without a return type
};

// Section "Address Spaces".
enum class AddressSpace { Function, Private, Workgroup, Uniform, Storage, Handle, Immediate };
// Section "Memory Access Mode".
enum class AccessMode { Read, Write, ReadWrite };

const char* toString(AddressSpace as);
const char* toString(AccessMode am);
std::optional<AddressSpace> addressSpaceFromName(const std::string& name);
std::optional<AccessMode> accessModeFromName(const std::string& name);

// Section "Texture and Sampler Types".
enum class TextureKind { Sampled, Multisampled, External, Storage, Depth, DepthMultisampled };
enum class TextureDim { D1, D2, D2Array, D3, Cube, CubeArray };

struct Type;

struct StructMemberInfo {
  std::string name;
  const Type* type = nullptr;
  uint32_t index = 0;
  uint32_t offset = 0;   // section "Memory Layout"
  uint32_t size = 0;
  uint32_t align = 0;
  std::optional<uint32_t> location;
  std::optional<std::string> builtin;
  SourceRange range;
};

struct Type {
  TypeKind kind = TypeKind::Void;

  // Vector: width = component count (2..4). Matrix: columns x rows.
  uint32_t width = 0;
  uint32_t columns = 0;
  uint32_t rows = 0;
  // Element type of vectors, matrices, arrays and atomics; store type of ptr/ref; the sampled
  // type of sampled textures.
  const Type* elem = nullptr;

  // Arrays: a fixed element count; or an override-sized count (the identifying override
  // declaration, or the count expression); or neither (runtime-sized).
  std::optional<uint32_t> count;
  const void* override_count = nullptr;
  std::string override_count_text;  // how the count was spelled, for names and messages

  // Ptr/Ref.
  AddressSpace space = AddressSpace::Function;
  AccessMode access = AccessMode::ReadWrite;

  // Struct.
  std::string struct_name;
  std::vector<StructMemberInfo> members;
  const ast::StructDecl* struct_decl = nullptr;
  uint32_t struct_size = 0;
  uint32_t struct_align = 0;
  // A structure's answers to the recursive predicates below, each computed once (walking the
  // members every time would be exponential in the nesting of structures of structures). A
  // structure's members are complete before any predicate is asked of it.
  enum class Memo : uint8_t {
    Abstract, CreationFixedFootprint, FixedFootprint, Constructible, HostShareable, ContainsArray, ContainsAtomic,
    ContainsAtomicOrBuffer, ContainsF16
  };
  // Atomic: a resolved program's types are read by several threads at once (pipelines created
  // concurrently from one module), and a first question sets its bits; every thread computes the
  // same answer, so relaxed ordering suffices.
  mutable std::atomic<uint32_t> memo_bits{0};  // per Memo k: bit 2k known, bit 2k+1 the answer
  template <class F>
  bool memo(Memo m, F compute) const {
    const unsigned k = 2u * static_cast<unsigned>(m);
    const uint32_t bits = memo_bits.load(std::memory_order_relaxed);
    if (bits & (1u << k)) return (bits >> (k + 1)) & 1u;
    const bool v = compute();
    memo_bits.fetch_or((1u << k) | (v ? 1u << (k + 1) : 0u), std::memory_order_relaxed);
    return v;
  }

  // Texture.
  TextureKind texture_kind = TextureKind::Sampled;
  TextureDim texture_dim = TextureDim::D2;
  std::string texel_format;  // storage textures

  // Buffer: fixed byte size (if any).
  std::optional<uint32_t> buffer_size;

  // Predicates of section "Types".
  bool isScalar() const { return kind >= TypeKind::Bool && kind <= TypeKind::F16; }
  bool isAbstract() const;             // AbstractInt/Float, or a composite of them
  bool isAbstractScalar() const { return kind == TypeKind::AbstractInt || kind == TypeKind::AbstractFloat; }
  bool isIntegerScalar() const { return kind == TypeKind::AbstractInt || kind == TypeKind::I32 || kind == TypeKind::U32; }
  bool isFloatScalar() const { return kind == TypeKind::AbstractFloat || kind == TypeKind::F32 || kind == TypeKind::F16; }
  bool isNumericScalar() const { return isIntegerScalar() || isFloatScalar(); }
  bool isVector() const { return kind == TypeKind::Vector; }
  bool isMatrix() const { return kind == TypeKind::Matrix; }
  bool isArray() const { return kind == TypeKind::Array; }
  bool isRuntimeArray() const { return kind == TypeKind::Array && !count && override_count == nullptr; }
  bool isStruct() const { return kind == TypeKind::Struct; }
  bool isAtomic() const { return kind == TypeKind::Atomic; }
  bool isPtr() const { return kind == TypeKind::Ptr; }
  bool isRef() const { return kind == TypeKind::Ref; }
  bool isHandle() const { return kind == TypeKind::Sampler || kind == TypeKind::SamplerComparison || kind == TypeKind::Texture; }
  // The scalar of a scalar, vector or matrix (itself for a scalar), else null.
  const Type* scalarOf() const;

  bool isConstructible() const;        // "Constructible Types"
  bool isPlain() const;                // "Plain Types"
  bool isStorable() const;             // "Storable Types"
  bool isHostShareable() const;        // "Host-shareable Types"
  bool hasCreationFixedFootprint() const;  // "Fixed-Footprint Types"
  bool hasFixedFootprint() const;

  // The WGSL spelling, e.g. "vec3<f32>", "array<u32, 4>", "ptr<storage, i32, read_write>".
  std::string name() const;
};

// ConversionRank(Src, Dest) of section "Conversion Rank"; nullopt is an infinite rank.
std::optional<int> conversionRank(const Type* src, const Type* dst);

// After resolution a Program's table is read-only: a later stage that needs a type the program
// does not hold (lowering: a matrix column, a concretized or converted shape) makes it in a table
// of its own that extends the program's (`TypeTable(&program.types)`). Such a table returns the
// base's type wherever the base has one, so pointer equality keeps meaning type equality against
// the base, and makes only the missing types itself. The base is only read (several extensions of
// one base may be used on several threads at once) and must outlive the extension.
class TypeTable {
 public:
  TypeTable();
  explicit TypeTable(const TypeTable* base);
  TypeTable(const TypeTable&) = delete;
  TypeTable& operator=(const TypeTable&) = delete;

  const Type* boolType() const { return bool_; }
  const Type* abstractInt() const { return abstract_int_; }
  const Type* abstractFloat() const { return abstract_float_; }
  const Type* i32() const { return i32_; }
  const Type* u32() const { return u32_; }
  const Type* f32() const { return f32_; }
  const Type* f16() const { return f16_; }
  const Type* voidType() const { return void_; }
  const Type* sampler(bool comparison);

  const Type* vec(uint32_t width, const Type* elem);
  const Type* mat(uint32_t columns, uint32_t rows, const Type* elem);
  const Type* array(const Type* elem, uint32_t count);
  const Type* runtimeArray(const Type* elem);
  // `identity` names the override-expression: the override declaration when the count is a
  // single identifier, else the count expression itself (each such expression is its own type).
  const Type* overrideArray(const Type* elem, const void* identity, const std::string& spelled);
  const Type* atomic(const Type* elem);
  const Type* ptr(AddressSpace as, const Type* store, AccessMode am);
  const Type* ref(AddressSpace as, const Type* store, AccessMode am);
  const Type* texture(TextureKind kind, TextureDim dim, const Type* sampled, const std::string& format = {},
                      AccessMode access = AccessMode::Read);
  const Type* buffer(std::optional<uint32_t> size);
  // buffer<N> with N an override-expression: fixed-size, but sized at pipeline creation.
  const Type* overrideBuffer(const void* identity, const std::string& spelled);
  // A new structure type (not interned: every declaration is a distinct type).
  Type* newStruct(const std::string& name);

  // The number of types this table made itself (a base's types not counted).
  size_t size() const { return storage_.size(); }

  // Concretization (section "Abstract Numeric Types"): AbstractInt -> i32, AbstractFloat -> f32,
  // element-wise through vectors, matrices and arrays; anything else unchanged.
  const Type* concretize(const Type* t);
  // The same shape with scalar `s` in place of the leaf scalar (vec3<AbstractInt> -> vec3<f32>).
  const Type* withScalar(const Type* t, const Type* s);

 private:
  using Key = std::tuple<int, uint32_t, uint32_t, uint32_t, const Type*, const void*, std::string>;
  Type* make(TypeKind k);
  const Type* find(const Key& key) const;
  const TypeTable* base_ = nullptr;
  std::deque<Type> storage_;
  const Type *bool_, *abstract_int_, *abstract_float_, *i32_, *u32_, *f32_, *f16_, *void_;
  const Type* sampler_ = nullptr;
  const Type* sampler_cmp_ = nullptr;
  std::map<Key, const Type*> interned_;
};

}  // namespace wgsl::sema
