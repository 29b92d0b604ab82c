// Source-level values and expressions of the debugger (see debug_values.h).
#include "tools/debug/debug_values.h"

#include <fmt/format.h>

#include <cctype>
#include <cmath>
#include <cstring>

#include "interp/math/scalar_math.h"
#include "interp/sema/layout.h"

namespace wgslemu::debug {

using wgsl::ir::DebugInfo;
using wgsl::ir::DebugVar;
using wgsl::sema::AddressSpace;
using wgsl::sema::Type;
using wgsl::sema::TypeKind;

namespace {

uint32_t components(const Type* t) {
  switch (t->kind) {
    case TypeKind::Vector: return t->width;
    case TypeKind::Matrix: return t->columns * t->rows;
    case TypeKind::Array: return (t->count ? *t->count : 0) * components(t->elem);
    case TypeKind::Struct: {
      uint32_t n = 0;
      for (const auto& m : t->members) n += components(m.type);
      return n;
    }
    default: return 1;
  }
}

const Type* leaf(const Type* t) { return t->kind == TypeKind::Atomic ? t->elem : t; }

bool isScalarLike(const Type* t) {
  t = leaf(t);
  return t->isScalar() || t->isAbstractScalar();
}

// The raw 32-bit pattern of scalar component `comp` (register slots) or at byte offset `off`.
uint32_t regBits(const Frame& f, uint32_t reg) {
  const uint32_t S = f.ctx->S;
  return f.w->sgs[f.sg].regs[static_cast<size_t>(reg) * S + f.lane];
}

bool memBits(const Value& v, uint64_t off, uint32_t bytes, uint32_t& out) {
  if (off + bytes > v.size || !v.base) return false;
  out = 0;
  std::memcpy(&out, v.base + off, bytes);
  return true;
}

// The scalar `v` (scalar or atomic type) as a Scalar value; false if its memory is out of range.
bool loadScalar(const Frame& f, const Value& v, Value& out) {
  const Type* t = leaf(v.type);
  out = Value{};
  out.type = t;
  out.where = Value::Where::Scalar;
  if (v.where == Value::Where::Scalar) {
    out.f = v.f;
    out.i = v.i;
    return true;
  }
  uint32_t bits = 0;
  if (v.where == Value::Where::Regs) {
    bits = regBits(f, v.reg);
  } else if (!memBits(v, v.offset, t->kind == TypeKind::F16 ? 2 : 4, bits)) {
    return false;
  }
  switch (t->kind) {
    case TypeKind::Bool: out.i = bits != 0; break;
    case TypeKind::I32: {
      int32_t s;
      std::memcpy(&s, &bits, 4);
      out.i = s;
      break;
    }
    case TypeKind::U32: out.i = bits; break;
    case TypeKind::F32: {
      float x;
      std::memcpy(&x, &bits, 4);
      out.f = x;
      break;
    }
    case TypeKind::F16: out.f = wgsl::math::f32FromF16(static_cast<uint16_t>(bits & 0xffff)); break;
    default: return false;
  }
  return true;
}

bool isFloat(const Type* t) {
  t = leaf(t);
  return t->kind == TypeKind::F32 || t->kind == TypeKind::F16 || t->kind == TypeKind::AbstractFloat;
}

// Byte size of a scalar in memory.
uint32_t scalarBytes(const Type* t) { return leaf(t)->kind == TypeKind::F16 ? 2 : 4; }

uint64_t arrayCount(const Value& v) {
  if (v.type->count) return *v.type->count;
  if (v.where == Value::Where::Memory) {  // runtime-sized: what the binding holds
    const uint32_t stride = wgsl::sema::strideOf(v.type);
    return stride && v.size > v.offset ? (v.size - v.offset) / stride : 0;
  }
  return 0;
}

// Element / member / component `i` of composite `v`.
bool child(const Value& v, uint64_t i, Value& out, std::string& error) {
  const Type* t = v.type;
  out = v;
  const bool regs = v.where == Value::Where::Regs;
  switch (t->kind) {
    case TypeKind::Vector:
      if (i >= t->width) {
        error = fmt::format("index {} out of range for '{}'", i, t->name());
        return false;
      }
      out.type = t->elem;
      if (regs) out.reg = v.reg + static_cast<uint32_t>(i);
      else out.offset = v.offset + i * scalarBytes(t->elem);
      return true;
    case TypeKind::Matrix: {
      if (i >= t->columns) {
        error = fmt::format("column {} out of range for '{}'", i, t->name());
        return false;
      }
      // A column: vecR of the matrix's scalar.
      static thread_local std::vector<std::unique_ptr<Type>> made;  // column types made on demand
      const Type* col = nullptr;
      for (const auto& m : made)
        if (m->elem == t->elem && m->width == t->rows) col = m.get();
      if (!col) {
        auto c = std::make_unique<Type>();
        c->kind = TypeKind::Vector;
        c->width = t->rows;
        c->elem = t->elem;
        col = c.get();
        made.push_back(std::move(c));
      }
      out.type = col;
      if (regs) out.reg = v.reg + static_cast<uint32_t>(i) * t->rows;
      else out.offset = v.offset + i * wgsl::sema::alignOf(col);
      return true;
    }
    case TypeKind::Array: {
      const uint64_t n = arrayCount(v);
      if (i >= n) {
        error = fmt::format("index {} out of range for '{}' ({} elements)", i, t->name(), n);
        return false;
      }
      out.type = t->elem;
      if (regs) out.reg = v.reg + static_cast<uint32_t>(i) * components(t->elem);
      else out.offset = v.offset + i * wgsl::sema::strideOf(t);
      return true;
    }
    case TypeKind::Struct: {
      if (i >= t->members.size()) return false;
      const auto& m = t->members[static_cast<size_t>(i)];
      out.type = m.type;
      if (regs) {
        uint32_t c = 0;
        for (size_t j = 0; j < i; ++j) c += components(t->members[j].type);
        out.reg = v.reg + c;
      } else {
        out.offset = v.offset + m.offset;
      }
      return true;
    }
    default:
      error = fmt::format("a value of type '{}' has no elements", t->name());
      return false;
  }
}

std::string formatScalar(const Value& s, bool hex) {
  const Type* t = leaf(s.type);
  switch (t->kind) {
    case TypeKind::Bool: return s.i ? "true" : "false";
    case TypeKind::I32:
    case TypeKind::AbstractInt:
      if (hex) return fmt::format("0x{:x}", static_cast<uint32_t>(s.i));
      return std::to_string(s.i);
    case TypeKind::U32:
      if (hex) return fmt::format("0x{:x}", static_cast<uint32_t>(s.i));
      return std::to_string(s.i) + (t->kind == TypeKind::U32 ? "u" : "");
    case TypeKind::F16: return fmt::format("{}h", static_cast<float>(s.f));
    case TypeKind::F32: {
      if (hex) {
        float x = static_cast<float>(s.f);
        uint32_t b;
        std::memcpy(&b, &x, 4);
        return fmt::format("0x{:08x}", b);
      }
      return fmt::format("{}", static_cast<float>(s.f));
    }
    default: return fmt::format("{}", s.f);
  }
}

// ---- variables

Value varValue(const Frame& f, const DebugVar& dv) {
  Value v;
  v.type = dv.type;
  if (dv.in_regs) {
    v.where = Value::Where::Regs;
    v.reg = dv.reg;
    return v;
  }
  const wgsl::ir::Root& r = f.k->roots[dv.root];
  v.where = Value::Where::Memory;
  switch (r.space) {
    case AddressSpace::Storage:
    case AddressSpace::Uniform:
      v.base = f.ctx->params->slot_base[static_cast<size_t>(r.slot)];
      v.size = f.ctx->params->slot_size[static_cast<size_t>(r.slot)];
      break;
    case AddressSpace::Workgroup:
      v.base = f.ctx->wg_mem + r.offset;
      v.size = r.size;
      break;
    default:
      v.base = f.w->sgs[f.sg].priv + r.offset + static_cast<size_t>(f.lane) * f.k->private_size;
      v.size = r.size;
      break;
  }
  v.offset = dv.offset;
  if (dv.off_reg != wgsl::ir::kNoReg) {
    const uint32_t o = regBits(f, dv.off_reg);
    v.offset = o == wgsl::ir::kInvalidOffset ? ~uint64_t{0} >> 1 : v.offset + o;
  }
  return v;
}

const char* spaceName(AddressSpace s) {
  switch (s) {
    case AddressSpace::Storage: return "storage";
    case AddressSpace::Uniform: return "uniform";
    case AddressSpace::Workgroup: return "workgroup";
    default: return "private";
  }
}

}  // namespace

std::vector<uint32_t> siteChain(const wgsl::ir::Kernel& k, uint32_t pc) {
  std::vector<uint32_t> chain;
  if (!k.debug || pc >= k.debug->site_of.size()) return chain;
  uint32_t s = k.debug->site_of[pc];
  while (s < k.debug->sites.size()) {
    chain.push_back(s);
    s = k.debug->sites[s].parent;
  }
  return chain;
}

std::vector<const DebugVar*> visibleLocals(const Frame& f) {
  std::vector<const DebugVar*> out;
  if (!f.k || !f.k->debug) return out;
  const DebugInfo& d = *f.k->debug;
  // The pc that is current in frame `site`: the innermost instruction itself, or for a caller,
  // the first instruction of the callee's site (its variables were in scope at the call).
  uint32_t pc = f.pc;
  if (pc < d.site_of.size() && d.site_of[pc] != f.site) {
    for (uint32_t s = d.site_of[pc]; s < d.sites.size(); s = d.sites[s].parent) {
      if (d.sites[s].parent == f.site) {
        for (uint32_t p = 0; p < d.site_of.size(); ++p)
          if (d.site_of[p] == s) {
            pc = p;
            break;
          }
        break;
      }
    }
  }
  for (size_t i = d.vars.size(); i-- > 0;) {
    const DebugVar& v = d.vars[i];
    if (v.site != f.site || pc < v.first_pc || pc >= v.end_pc) continue;
    bool shadowed = false;
    for (const DebugVar* o : out) shadowed = shadowed || o->name == v.name;
    if (!shadowed) out.push_back(&v);
  }
  return out;
}

std::vector<NamedValue> visibleVariables(const Frame& f, bool module_scope) {
  std::vector<NamedValue> out;
  if (!f.k || !f.k->debug) return out;
  const DebugInfo& d = *f.k->debug;
  for (const DebugVar* v : visibleLocals(f)) {
    const char* kind = v->kind == DebugVar::Kind::Param ? "param" : v->kind == DebugVar::Kind::Let ? "let" : "var";
    out.push_back({v->name, kind, varValue(f, *v)});
  }
  if (module_scope) {
    for (size_t r = 0; r < f.k->roots.size() && r < d.root_types.size(); ++r) {
      if (!d.root_module_scope[r]) continue;
      DebugVar dv;
      dv.root = static_cast<uint32_t>(r);
      dv.type = d.root_types[r];
      bool shadowed = false;
      for (const auto& o : out) shadowed = shadowed || o.name == f.k->roots[r].name;
      if (shadowed) continue;
      out.push_back({f.k->roots[r].name, spaceName(f.k->roots[r].space), varValue(f, dv)});
    }
  }
  return out;
}

uint64_t childCount(const Frame&, const Value& v) {
  const Type* t = v.type;
  switch (t->kind) {
    case TypeKind::Vector: return t->width;
    case TypeKind::Matrix: return t->columns;
    case TypeKind::Array: return arrayCount(v);
    case TypeKind::Struct: return t->members.size();
    default: return 0;
  }
}

std::vector<NamedValue> children(const Frame& f, const Value& v, uint32_t first, uint32_t count) {
  std::vector<NamedValue> out;
  const uint64_t n = childCount(f, v);
  static const char* kXyzw[] = {"x", "y", "z", "w"};
  for (uint64_t i = first; i < n && i < uint64_t{first} + count; ++i) {
    Value c;
    std::string error;
    if (!child(v, i, c, error)) break;
    std::string name = v.type->isStruct()   ? v.type->members[static_cast<size_t>(i)].name
                       : v.type->isVector() ? kXyzw[i]
                                            : "[" + std::to_string(i) + "]";
    out.push_back({name, "", c});
  }
  return out;
}

std::string format(const Frame& f, const Value& v, bool hex, uint32_t max_elements) {
  if (isScalarLike(v.type)) {
    Value s;
    if (!loadScalar(f, v, s)) return "<out of bounds>";
    return formatScalar(s, hex);
  }
  const uint64_t n = childCount(f, v);
  std::vector<NamedValue> kids = children(f, v, 0, max_elements);
  std::string body;
  for (size_t i = 0; i < kids.size(); ++i) {
    if (i) body += ", ";
    if (v.type->isStruct()) body += kids[i].name + ": ";
    body += format(f, kids[i].value, hex, max_elements);
  }
  if (n > kids.size()) body += fmt::format(", ... ({} more)", n - kids.size());
  if (v.type->isStruct()) return v.type->struct_name + "{" + body + "}";
  if (v.type->isArray()) return "[" + body + "]";
  return v.type->name() + "(" + body + ")";
}

bool truthy(const Frame& f, const Value& v, bool& ok) {
  ok = false;
  if (!isScalarLike(v.type)) return false;
  Value s;
  if (!loadScalar(f, v, s)) return false;
  ok = true;
  return isFloat(s.type) ? s.f != 0 : s.i != 0;
}

// ------------------------------------------------------------------------------------- places

namespace {

// A place: `name`, `.member`, `.x` and `[index]` (an integer literal or a place holding one).
class PlaceParser {
 public:
  PlaceParser(const Frame& f, const std::string& text) : f_(f), s_(text) {}

  std::optional<Value> run(std::string& error) {
    auto v = place();
    skip();
    if (v && pos_ < s_.size()) fail("unexpected '" + s_.substr(pos_, 1) + "' (a place is a variable, a member, a component or an element)");
    if (!error_.empty()) {
      error = error_;
      return std::nullopt;
    }
    return v;
  }

 private:
  void skip() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  bool eat(char c) {
    skip();
    if (pos_ >= s_.size() || s_[pos_] != c) return false;
    ++pos_;
    return true;
  }
  std::optional<Value> fail(const std::string& what) {
    if (error_.empty()) error_ = fmt::format("column {}: {}", pos_ + 1, what);
    return std::nullopt;
  }
  std::string ident() {
    skip();
    size_t b = pos_;
    while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_')) ++pos_;
    return s_.substr(b, pos_ - b);
  }

  std::optional<uint64_t> index() {
    skip();
    if (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) {
      const size_t b = pos_;
      while (pos_ < s_.size() && std::isalnum(static_cast<unsigned char>(s_[pos_]))) ++pos_;
      std::string t = s_.substr(b, pos_ - b);
      if (t.back() == 'u' || t.back() == 'i') t.pop_back();
      try {
        size_t used = 0;
        const uint64_t i = std::stoull(t, &used, 0);
        if (used == t.size()) return i;
      } catch (const std::exception&) {
      }
      fail("malformed index '" + s_.substr(b, pos_ - b) + "'");
      return std::nullopt;
    }
    auto v = place();
    if (!v) return std::nullopt;
    Value s;
    if (!isScalarLike(v->type) || isFloat(v->type) || !loadScalar(f_, *v, s)) {
      fail("an index must be an integer");
      return std::nullopt;
    }
    if (s.i < 0) {
      fail(fmt::format("index {} is negative", s.i));
      return std::nullopt;
    }
    return static_cast<uint64_t>(s.i);
  }

  std::optional<Value> place() {
    const std::string name = ident();
    if (name.empty()) return fail("expected a variable name");
    std::optional<Value> v;
    for (const NamedValue& nv : visibleVariables(f_, true))
      if (!v && nv.name == name) v = nv.value;
    if (!v) return fail(fmt::format("no variable named '{}' in scope here", name));
    while (v) {
      if (eat('.')) {
        const std::string m = ident();
        if (m.empty()) return fail("expected a member name after '.'");
        size_t i = std::string::npos;
        if (v->type->isStruct()) {
          for (size_t k = 0; k < v->type->members.size(); ++k)
            if (v->type->members[k].name == m) i = k;
        } else if (v->type->isVector() && m.size() == 1) {
          i = std::string("xyzw").find(m[0]);
          if (i == std::string::npos) i = std::string("rgba").find(m[0]);
        }
        Value c;
        std::string e;
        if (i == std::string::npos || !child(*v, i, c, e)) return fail(fmt::format("'{}' has no member '{}'", v->type->name(), m));
        v = c;
      } else if (eat('[')) {
        const auto i = index();
        if (!i) return std::nullopt;
        if (!eat(']')) return fail("expected ']'");
        Value c;
        std::string e;
        if (!child(*v, *i, c, e)) return fail(e);
        v = c;
      } else {
        break;
      }
    }
    return v;
  }

  const Frame& f_;
  const std::string& s_;
  size_t pos_ = 0;
  std::string error_;
};

}  // namespace

std::optional<Value> evaluatePlace(const Frame& f, const std::string& expr, std::string& error) {
  PlaceParser p(f, expr);
  return p.run(error);
}

}  // namespace wgslemu::debug
