#include "interp/sema/types.h"

#include <fmt/format.h>

namespace wgsl::sema {

const char* toString(AddressSpace as) {
  switch (as) {
    case AddressSpace::Function: return "function";
    case AddressSpace::Private: return "private";
    case AddressSpace::Workgroup: return "workgroup";
    case AddressSpace::Uniform: return "uniform";
    case AddressSpace::Storage: return "storage";
    case AddressSpace::Handle: return "handle";
    case AddressSpace::Immediate: return "immediate";
  }
  return "?";
}

const char* toString(AccessMode am) {
  switch (am) {
    case AccessMode::Read: return "read";
    case AccessMode::Write: return "write";
    case AccessMode::ReadWrite: return "read_write";
  }
  return "?";
}

std::optional<AddressSpace> addressSpaceFromName(const std::string& n) {
  if (n == "function") return AddressSpace::Function;
  if (n == "private") return AddressSpace::Private;
  if (n == "workgroup") return AddressSpace::Workgroup;
  if (n == "uniform") return AddressSpace::Uniform;
  if (n == "storage") return AddressSpace::Storage;
  if (n == "immediate") return AddressSpace::Immediate;
  return std::nullopt;  // `handle` cannot be spelled in WGSL source
}

std::optional<AccessMode> accessModeFromName(const std::string& n) {
  if (n == "read") return AccessMode::Read;
  if (n == "write") return AccessMode::Write;
  if (n == "read_write") return AccessMode::ReadWrite;
  return std::nullopt;
}

const Type* Type::scalarOf() const {
  if (isScalar()) return this;
  if (kind == TypeKind::Vector || kind == TypeKind::Matrix) return elem;
  return nullptr;
}

bool Type::isAbstract() const {
  switch (kind) {
    case TypeKind::AbstractInt:
    case TypeKind::AbstractFloat: return true;
    case TypeKind::Vector:
    case TypeKind::Matrix:
    case TypeKind::Array: return elem->isAbstract();
    case TypeKind::Struct:
      return memo(Memo::Abstract, [&] {
        for (const auto& m : members)
          if (m.type->isAbstract()) return true;
        return false;
      });
    default: return false;
  }
}

bool Type::hasCreationFixedFootprint() const {
  switch (kind) {
    case TypeKind::Array: return count.has_value() && elem->hasCreationFixedFootprint();
    case TypeKind::Struct:
      return memo(Memo::CreationFixedFootprint, [&] {
        for (const auto& m : members)
          if (!m.type->hasCreationFixedFootprint()) return false;
        return true;
      });
    case TypeKind::Buffer: return buffer_size.has_value();
    default: return isScalar() || isVector() || isMatrix() || isAtomic();
  }
}

bool Type::hasFixedFootprint() const {
  switch (kind) {
    case TypeKind::Array: return (count.has_value() || override_count != nullptr) && elem->hasFixedFootprint();
    case TypeKind::Buffer: return buffer_size.has_value() || override_count != nullptr;
    case TypeKind::Struct:
      return memo(Memo::FixedFootprint, [&] {
        for (const auto& m : members)
          if (!m.type->hasFixedFootprint()) return false;
        return true;
      });
    default: return hasCreationFixedFootprint();
  }
}

bool Type::isConstructible() const {
  switch (kind) {
    case TypeKind::Array: return hasCreationFixedFootprint() && elem->isConstructible();
    case TypeKind::Struct:
      return memo(Memo::Constructible, [&] {
        for (const auto& m : members)
          if (!m.type->isConstructible()) return false;
        return true;
      });
    default: return isScalar() || isVector() || isMatrix();
  }
}

bool Type::isPlain() const {
  return isScalar() || isVector() || isMatrix() || isAtomic() || isArray() || isStruct();
}

bool Type::isStorable() const {
  if (isAbstract()) return false;
  return isPlain() || isHandle() || kind == TypeKind::Buffer;
}

bool Type::isHostShareable() const {
  if (isAbstract()) return false;
  switch (kind) {
    case TypeKind::I32: case TypeKind::U32: case TypeKind::F32: case TypeKind::F16: return true;
    case TypeKind::Vector: return elem->kind != TypeKind::Bool;
    case TypeKind::Matrix: case TypeKind::Atomic: case TypeKind::Buffer: return true;
    case TypeKind::Array:
      return (isRuntimeArray() || hasCreationFixedFootprint()) && elem->isHostShareable();
    case TypeKind::Struct:
      return memo(Memo::HostShareable, [&] {
        for (const auto& m : members)
          if (!m.type->isHostShareable()) return false;
        return true;
      });
    default: return false;
  }
}

static const char* textureDimName(TextureDim d) {
  switch (d) {
    case TextureDim::D1: return "1d";
    case TextureDim::D2: return "2d";
    case TextureDim::D2Array: return "2d_array";
    case TextureDim::D3: return "3d";
    case TextureDim::Cube: return "cube";
    case TextureDim::CubeArray: return "cube_array";
  }
  return "?";
}

std::string Type::name() const {
  switch (kind) {
    case TypeKind::Bool: return "bool";
    case TypeKind::AbstractInt: return "AbstractInt";
    case TypeKind::AbstractFloat: return "AbstractFloat";
    case TypeKind::I32: return "i32";
    case TypeKind::U32: return "u32";
    case TypeKind::F32: return "f32";
    case TypeKind::F16: return "f16";
    case TypeKind::Vector: return fmt::format("vec{}<{}>", width, elem->name());
    case TypeKind::Matrix: return fmt::format("mat{}x{}<{}>", columns, rows, elem->name());
    case TypeKind::Array:
      if (count) return fmt::format("array<{}, {}>", elem->name(), *count);
      if (override_count) return fmt::format("array<{}, {}>", elem->name(), override_count_text);
      return fmt::format("array<{}>", elem->name());
    case TypeKind::Struct: return struct_name;
    case TypeKind::Atomic: return fmt::format("atomic<{}>", elem->name());
    case TypeKind::Ptr:
    case TypeKind::Ref: {
      const char* k = kind == TypeKind::Ptr ? "ptr" : "ref";
      // The access mode is spelled only where it may differ from the default.
      if (space == AddressSpace::Storage || access != AccessMode::ReadWrite || kind == TypeKind::Ref)
        return fmt::format("{}<{}, {}, {}>", k, toString(space), elem->name(), toString(access));
      return fmt::format("{}<{}, {}>", k, toString(space), elem->name());
    }
    case TypeKind::Sampler: return "sampler";
    case TypeKind::SamplerComparison: return "sampler_comparison";
    case TypeKind::Texture:
      switch (texture_kind) {
        case TextureKind::Sampled: return fmt::format("texture_{}<{}>", textureDimName(texture_dim), elem->name());
        case TextureKind::Multisampled: return fmt::format("texture_multisampled_2d<{}>", elem->name());
        case TextureKind::External: return "texture_external";
        case TextureKind::Storage:
          return fmt::format("texture_storage_{}<{}, {}>", textureDimName(texture_dim), texel_format, toString(access));
        case TextureKind::Depth: return fmt::format("texture_depth_{}", textureDimName(texture_dim));
        case TextureKind::DepthMultisampled: return "texture_depth_multisampled_2d";
      }
      return "texture";
    case TypeKind::Buffer:
      if (buffer_size) return fmt::format("buffer<{}>", *buffer_size);
      if (override_count) return fmt::format("buffer<{}>", override_count_text);
      return "buffer";
    case TypeKind::Void: return "void";
  }
  return "?";
}

std::optional<int> conversionRank(const Type* src, const Type* dst) {
  if (src == dst) return 0;
  if (src->kind == TypeKind::Ref && src->access != AccessMode::Write && src->elem == dst) return 0;  // load rule
  switch (src->kind) {
    case TypeKind::AbstractFloat:
      if (dst->kind == TypeKind::F32) return 1;
      if (dst->kind == TypeKind::F16) return 2;
      return std::nullopt;
    case TypeKind::AbstractInt:
      switch (dst->kind) {
        case TypeKind::I32: return 3;
        case TypeKind::U32: return 4;
        case TypeKind::AbstractFloat: return 5;
        case TypeKind::F32: return 6;
        case TypeKind::F16: return 7;
        default: return std::nullopt;
      }
    case TypeKind::Vector:
      if (dst->kind == TypeKind::Vector && dst->width == src->width) return conversionRank(src->elem, dst->elem);
      return std::nullopt;
    case TypeKind::Matrix:
      if (dst->kind == TypeKind::Matrix && dst->columns == src->columns && dst->rows == src->rows)
        return conversionRank(src->elem, dst->elem);
      return std::nullopt;
    case TypeKind::Array:
      if (dst->kind == TypeKind::Array && src->count && dst->count == src->count)
        return conversionRank(src->elem, dst->elem);
      return std::nullopt;
    case TypeKind::Struct:
      // __frexp_result_* / __modf_result_*: abstract to f32 (rank 1) or f16 (rank 2), member-wise.
      if (dst->kind == TypeKind::Struct && src->isAbstract() && src->members.size() == dst->members.size() &&
          src->struct_name.rfind("__", 0) == 0) {
        int rank = 0;
        for (size_t i = 0; i < src->members.size(); ++i) {
          auto r = conversionRank(src->members[i].type, dst->members[i].type);
          if (!r) return std::nullopt;
          rank = std::max(rank, *r);
        }
        const Type* leaf = dst->members[0].type->scalarOf();
        return leaf && leaf->kind == TypeKind::F16 ? 2 : 1;
      }
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

TypeTable::TypeTable() {
  bool_ = make(TypeKind::Bool);
  abstract_int_ = make(TypeKind::AbstractInt);
  abstract_float_ = make(TypeKind::AbstractFloat);
  i32_ = make(TypeKind::I32);
  u32_ = make(TypeKind::U32);
  f32_ = make(TypeKind::F32);
  f16_ = make(TypeKind::F16);
  void_ = make(TypeKind::Void);
}

TypeTable::TypeTable(const TypeTable* base) : base_(base) {
  bool_ = base->bool_;
  abstract_int_ = base->abstract_int_;
  abstract_float_ = base->abstract_float_;
  i32_ = base->i32_;
  u32_ = base->u32_;
  f32_ = base->f32_;
  f16_ = base->f16_;
  void_ = base->void_;
}

const Type* TypeTable::find(const Key& key) const {
  if (base_) {
    if (const Type* t = base_->find(key)) return t;
  }
  auto it = interned_.find(key);
  return it != interned_.end() ? it->second : nullptr;
}

Type* TypeTable::make(TypeKind k) {
  storage_.emplace_back();
  storage_.back().kind = k;
  return &storage_.back();
}

const Type* TypeTable::sampler(bool comparison) {
  const Type*& slot = comparison ? sampler_cmp_ : sampler_;
  if (!slot && base_) slot = comparison ? base_->sampler_cmp_ : base_->sampler_;
  if (!slot) slot = make(comparison ? TypeKind::SamplerComparison : TypeKind::Sampler);
  return slot;
}

#define WGSL_INTERN(key, build)          \
  do {                                   \
    if (const Type* found = find(key)) return found; \
    Type* t = build;                     \
    interned_.emplace(key, t);           \
    return t;                            \
  } while (0)

const Type* TypeTable::vec(uint32_t width, const Type* elem) {
  auto key = std::make_tuple(static_cast<int>(TypeKind::Vector), width, 0u, 0u, elem, nullptr, std::string());
  WGSL_INTERN(key, [&] {
    Type* t = make(TypeKind::Vector);
    t->width = width;
    t->elem = elem;
    return t;
  }());
}

const Type* TypeTable::mat(uint32_t columns, uint32_t rows, const Type* elem) {
  auto key = std::make_tuple(static_cast<int>(TypeKind::Matrix), columns, rows, 0u, elem, nullptr, std::string());
  WGSL_INTERN(key, [&] {
    Type* t = make(TypeKind::Matrix);
    t->columns = columns;
    t->rows = rows;
    t->elem = elem;
    return t;
  }());
}

const Type* TypeTable::array(const Type* elem, uint32_t count) {
  auto key = std::make_tuple(static_cast<int>(TypeKind::Array), count, 1u, 0u, elem, nullptr, std::string());
  WGSL_INTERN(key, [&] {
    Type* t = make(TypeKind::Array);
    t->count = count;
    t->elem = elem;
    return t;
  }());
}

const Type* TypeTable::runtimeArray(const Type* elem) {
  auto key = std::make_tuple(static_cast<int>(TypeKind::Array), 0u, 0u, 0u, elem, nullptr, std::string());
  WGSL_INTERN(key, [&] {
    Type* t = make(TypeKind::Array);
    t->elem = elem;
    return t;
  }());
}

const Type* TypeTable::overrideArray(const Type* elem, const void* identity, const std::string& spelled) {
  auto key = std::make_tuple(static_cast<int>(TypeKind::Array), 0u, 2u, 0u, elem, identity, std::string());
  WGSL_INTERN(key, [&] {
    Type* t = make(TypeKind::Array);
    t->elem = elem;
    t->override_count = identity;
    t->override_count_text = spelled;
    return t;
  }());
}

const Type* TypeTable::atomic(const Type* elem) {
  auto key = std::make_tuple(static_cast<int>(TypeKind::Atomic), 0u, 0u, 0u, elem, nullptr, std::string());
  WGSL_INTERN(key, [&] {
    Type* t = make(TypeKind::Atomic);
    t->elem = elem;
    return t;
  }());
}

const Type* TypeTable::ptr(AddressSpace as, const Type* store, AccessMode am) {
  auto key = std::make_tuple(static_cast<int>(TypeKind::Ptr), static_cast<uint32_t>(as), static_cast<uint32_t>(am), 0u,
                             store, nullptr, std::string());
  WGSL_INTERN(key, [&] {
    Type* t = make(TypeKind::Ptr);
    t->space = as;
    t->access = am;
    t->elem = store;
    return t;
  }());
}

const Type* TypeTable::ref(AddressSpace as, const Type* store, AccessMode am) {
  auto key = std::make_tuple(static_cast<int>(TypeKind::Ref), static_cast<uint32_t>(as), static_cast<uint32_t>(am), 0u,
                             store, nullptr, std::string());
  WGSL_INTERN(key, [&] {
    Type* t = make(TypeKind::Ref);
    t->space = as;
    t->access = am;
    t->elem = store;
    return t;
  }());
}

const Type* TypeTable::texture(TextureKind kind, TextureDim dim, const Type* sampled, const std::string& format,
                               AccessMode access) {
  auto key = std::make_tuple(static_cast<int>(TypeKind::Texture), static_cast<uint32_t>(kind),
                             static_cast<uint32_t>(dim), static_cast<uint32_t>(access), sampled, nullptr, format);
  WGSL_INTERN(key, [&] {
    Type* t = make(TypeKind::Texture);
    t->texture_kind = kind;
    t->texture_dim = dim;
    t->elem = sampled;
    t->texel_format = format;
    t->access = access;
    return t;
  }());
}

const Type* TypeTable::buffer(std::optional<uint32_t> size) {
  auto key = std::make_tuple(static_cast<int>(TypeKind::Buffer), size.value_or(0), size ? 1u : 0u, 0u,
                             static_cast<const Type*>(nullptr), nullptr, std::string());
  WGSL_INTERN(key, [&] {
    Type* t = make(TypeKind::Buffer);
    t->buffer_size = size;
    return t;
  }());
}

const Type* TypeTable::overrideBuffer(const void* identity, const std::string& spelled) {
  auto key = std::make_tuple(static_cast<int>(TypeKind::Buffer), 0u, 2u, 0u, static_cast<const Type*>(nullptr), identity,
                             std::string());
  WGSL_INTERN(key, [&] {
    Type* t = make(TypeKind::Buffer);
    t->override_count = identity;
    t->override_count_text = spelled;
    return t;
  }());
}

#undef WGSL_INTERN

Type* TypeTable::newStruct(const std::string& name) {
  Type* t = make(TypeKind::Struct);
  t->struct_name = name;
  return t;
}

const Type* TypeTable::withScalar(const Type* t, const Type* s) {
  switch (t->kind) {
    case TypeKind::Vector: return vec(t->width, s);
    case TypeKind::Matrix: return mat(t->columns, t->rows, s);
    case TypeKind::Array: return t->count ? array(withScalar(t->elem, s), *t->count) : t;
    default: return t->isScalar() ? s : t;
  }
}

const Type* TypeTable::concretize(const Type* t) {
  switch (t->kind) {
    case TypeKind::AbstractInt: return i32_;
    case TypeKind::AbstractFloat: return f32_;
    case TypeKind::Vector: return vec(t->width, concretize(t->elem));
    case TypeKind::Matrix: return mat(t->columns, t->rows, concretize(t->elem));
    case TypeKind::Array: return t->count ? array(concretize(t->elem), *t->count) : t;
    default: return t;
  }
}

}  // namespace wgsl::sema
