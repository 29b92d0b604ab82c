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

std::vector<NamedValue> visibleVariables(const Frame& f, bool module_scope) {
  std::vector<NamedValue> out;
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
    for (const auto& o : out) shadowed = shadowed || o.name == v.name;
    if (shadowed) continue;
    const char* kind = v.kind == DebugVar::Kind::Param ? "param" : v.kind == DebugVar::Kind::Let ? "let" : "var";
    out.push_back({v.name, kind, varValue(f, v)});
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

// ---------------------------------------------------------------------------------- expressions

namespace {

// The types of computed scalars (not owned by any program).
const Type* scalarType(TypeKind k) {
  static Type types[7];
  static bool init = false;
  if (!init) {
    for (int i = 0; i < 7; ++i) types[i].kind = static_cast<TypeKind>(i);
    init = true;
  }
  return &types[static_cast<int>(k)];
}

class Parser {
 public:
  Parser(const Frame& f, const std::string& text) : f_(f), s_(text) {}

  std::optional<Value> run(std::string& error) {
    auto v = orExpr();
    skip();
    if (v && pos_ < s_.size()) fail("unexpected '" + s_.substr(pos_, 1) + "'");
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
  bool eat(const char* tok) {
    skip();
    const size_t n = std::strlen(tok);
    if (s_.compare(pos_, n, tok) != 0) return false;
    // Do not take '<' of "<=" or '&' of "&&" as a shorter token.
    if (n == 1 && pos_ + 1 < s_.size() && (tok[0] == '<' || tok[0] == '>' || tok[0] == '!' || tok[0] == '=') &&
        s_[pos_ + 1] == '=')
      return false;
    pos_ += n;
    return true;
  }
  std::optional<Value> fail(const std::string& what) {
    if (error_.empty()) error_ = fmt::format("column {}: {}", pos_ + 1, what);
    return std::nullopt;
  }

  bool scalarOf(const std::optional<Value>& v, Value& s, const char* op) {
    if (!v) return false;
    if (!isScalarLike(v->type)) {
      fail(fmt::format("'{}' needs scalar operands, not '{}'", op, v->type->name()));
      return false;
    }
    if (!loadScalar(f_, *v, s)) {
      fail("the operand is out of bounds");
      return false;
    }
    return true;
  }

  Value boolean(bool b) {
    Value v;
    v.type = scalarType(TypeKind::Bool);
    v.i = b;
    return v;
  }

  std::optional<Value> binary(const std::string& op, const std::optional<Value>& a, const std::optional<Value>& b) {
    Value x, y;
    if (!scalarOf(a, x, op.c_str()) || !scalarOf(b, y, op.c_str())) return std::nullopt;
    const bool fl = isFloat(x.type) || isFloat(y.type);
    const double dx = isFloat(x.type) ? x.f : static_cast<double>(x.i), dy = isFloat(y.type) ? y.f : static_cast<double>(y.i);
    if (op == "==") return boolean(fl ? dx == dy : x.i == y.i);
    if (op == "!=") return boolean(fl ? dx != dy : x.i != y.i);
    if (op == "<") return boolean(fl ? dx < dy : x.i < y.i);
    if (op == "<=") return boolean(fl ? dx <= dy : x.i <= y.i);
    if (op == ">") return boolean(fl ? dx > dy : x.i > y.i);
    if (op == ">=") return boolean(fl ? dx >= dy : x.i >= y.i);
    if (op == "&&") return boolean((fl ? dx != 0 : x.i != 0) && (fl ? dy != 0 : y.i != 0));
    if (op == "||") return boolean((fl ? dx != 0 : x.i != 0) || (fl ? dy != 0 : y.i != 0));
    Value r;
    if (fl) {
      r.type = scalarType(TypeKind::F32);
      r.f = op == "+" ? dx + dy : op == "-" ? dx - dy : op == "*" ? dx * dy : op == "/" ? dx / dy : std::fmod(dx, dy);
      return r;
    }
    // Integers: the concrete type of either side (i32 over an abstract int).
    const Type* t = leaf(x.type)->kind == TypeKind::AbstractInt ? leaf(y.type) : leaf(x.type);
    r.type = t;
    if ((op == "/" || op == "%") && y.i == 0) return fail("division by zero");
    r.i = op == "+" ? x.i + y.i : op == "-" ? x.i - y.i : op == "*" ? x.i * y.i : op == "/" ? x.i / y.i : x.i % y.i;
    if (t->kind == TypeKind::U32) r.i = static_cast<uint32_t>(r.i);
    if (t->kind == TypeKind::I32) r.i = static_cast<int32_t>(r.i);
    return r;
  }

  std::optional<Value> orExpr() {
    auto v = andExpr();
    while (v && eat("||")) v = binary("||", v, andExpr());
    return v;
  }
  std::optional<Value> andExpr() {
    auto v = cmpExpr();
    while (v && eat("&&")) v = binary("&&", v, cmpExpr());
    return v;
  }
  std::optional<Value> cmpExpr() {
    auto v = addExpr();
    for (const char* op : {"==", "!=", "<=", ">=", "<", ">"}) {
      if (v && eat(op)) return binary(op, v, addExpr());
    }
    return v;
  }
  std::optional<Value> addExpr() {
    auto v = mulExpr();
    for (;;) {
      if (v && eat("+")) v = binary("+", v, mulExpr());
      else if (v && eat("-")) v = binary("-", v, mulExpr());
      else return v;
    }
  }
  std::optional<Value> mulExpr() {
    auto v = unary();
    for (;;) {
      if (v && eat("*")) v = binary("*", v, unary());
      else if (v && eat("/")) v = binary("/", v, unary());
      else if (v && eat("%")) v = binary("%", v, unary());
      else return v;
    }
  }
  std::optional<Value> unary() {
    if (eat("-")) {
      Value zero;
      zero.type = scalarType(TypeKind::AbstractInt);
      return binary("-", zero, unary());
    }
    if (eat("!")) {
      Value s;
      auto v = unary();
      if (!scalarOf(v, s, "!")) return std::nullopt;
      return boolean(isFloat(s.type) ? s.f == 0 : s.i == 0);
    }
    return postfix();
  }
  std::optional<Value> postfix() {
    auto v = primary();
    while (v) {
      if (eat(".")) {
        skip();
        const std::string name = ident();
        if (name.empty()) return fail("expected a member name after '.'");
        if (v->type->isStruct()) {
          size_t i = 0;
          while (i < v->type->members.size() && v->type->members[i].name != name) ++i;
          if (i == v->type->members.size())
            return fail(fmt::format("struct '{}' has no member '{}'", v->type->struct_name, name));
          Value c;
          std::string e;
          if (!child(*v, i, c, e)) return fail(e);
          v = c;
        } else if (v->type->isVector() && name.size() == 1) {
          const size_t i = std::string("xyzw").find(name[0]) != std::string::npos ? std::string("xyzw").find(name[0])
                                                                                  : std::string("rgba").find(name[0]);
          Value c;
          std::string e;
          if (i == std::string::npos || !child(*v, i, c, e))
            return fail(fmt::format("'{}' has no component '{}'", v->type->name(), name));
          v = c;
        } else {
          return fail(fmt::format("'{}' has no member '{}'{}", v->type->name(), name,
                                  v->type->isVector() ? " (swizzles of more than one component are not supported yet)" : ""));
        }
      } else if (eat("[")) {
        Value idx;
        auto e = orExpr();
        if (!scalarOf(e, idx, "[]")) return std::nullopt;
        if (!eat("]")) return fail("expected ']'");
        if (isFloat(idx.type)) return fail("an index must be an integer");
        if (idx.i < 0) return fail(fmt::format("index {} is negative", idx.i));
        Value c;
        std::string err;
        if (!child(*v, static_cast<uint64_t>(idx.i), c, err)) return fail(err);
        v = c;
      } else {
        break;
      }
    }
    return v;
  }
  std::string ident() {
    size_t b = pos_;
    while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_')) ++pos_;
    return s_.substr(b, pos_ - b);
  }
  std::optional<Value> primary() {
    skip();
    if (pos_ >= s_.size()) return fail("expected an expression");
    if (eat("(")) {
      auto v = orExpr();
      if (!eat(")")) return fail("expected ')'");
      return v;
    }
    const char c = s_[pos_];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      size_t b = pos_;
      while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '.')) ++pos_;
      std::string t = s_.substr(b, pos_ - b);
      Value v;
      const bool is_float = t.find('.') != std::string::npos || (t.back() == 'f' && t.rfind("0x", 0) != 0);
      try {
        if (is_float) {
          v.type = scalarType(TypeKind::F32);
          v.f = std::stod(t);
        } else {
          TypeKind k = TypeKind::AbstractInt;
          if (t.back() == 'u') k = TypeKind::U32, t.pop_back();
          else if (t.back() == 'i') k = TypeKind::I32, t.pop_back();
          v.type = scalarType(k);
          size_t used = 0;
          v.i = static_cast<int64_t>(std::stoull(t, &used, 0));
          if (used != t.size()) return fail("malformed number '" + s_.substr(b, pos_ - b) + "'");
        }
      } catch (const std::exception&) {
        return fail("malformed number '" + s_.substr(b, pos_ - b) + "'");
      }
      return v;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      const std::string name = ident();
      if (name == "true" || name == "false") return boolean(name == "true");
      for (const NamedValue& nv : visibleVariables(f_, true))
        if (nv.name == name) return nv.value;
      return fail(fmt::format("no variable named '{}' in scope here", name));
    }
    return fail(fmt::format("unexpected '{}'", c));
  }

  const Frame& f_;
  const std::string& s_;
  size_t pos_ = 0;
  std::string error_;
};

}  // namespace

std::optional<Value> evaluate(const Frame& f, const std::string& expr, std::string& error) {
  Parser p(f, expr);
  return p.run(error);
}

}  // namespace wgslemu::debug
