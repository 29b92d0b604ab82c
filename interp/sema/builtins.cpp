// Built-in function overloads: the signatures of builtin_table.inc, parsed once into candidate
// signatures, and the spec's overload resolution (section "Overload Resolution") over them.
//
// Matching a call against one table line ("type rule") works in three steps:
//  1. Unification. Template arguments and parameters whose pattern admits no automatic conversion
//     (pointers, atomics, runtime-sized arrays, textures, samplers, buffers) are matched
//     structurally and bind the variables they contain. Other parameters only bind vector and
//     matrix dimensions (automatic conversions never change a shape) and, for predicate variables
//     such as array's `T: constructible`, collect the types each argument converts to.
//  2. Instantiation. Every unbound variable is tried with each value it may take: the members
//     of its type set, 2..4 for a dimension, or the collected conversion targets. Each
//     instantiation whose parameters accept every argument with a finite ConversionRank is an
//     overload candidate, with its rank vector.
//  3. Ranking. Among the candidates (those needing a disabled f16 removed), the one preferred
//     over all others -- every rank <= and at least one < -- wins; otherwise the call is
//     ambiguous.
//
// Not implemented here: the elimination step "a candidate with an abstract parameter while
// another argument is not a const-expression" (the interface passes types, not const-ness). The
// best candidate that survives that step is always the concretization of the candidate chosen
// here, so a caller with a non-const argument concretizes the result (the resolver does).
#include "interp/sema/builtins.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "interp/sema/layout.h"

namespace wgsl::sema {
namespace {

// The signature texts of builtin_table.inc: the type sets, the inferred constructors, and each
// built-in function's entry.
#define WGSL_BUILTIN_TYPE_SETS(text) constexpr const char* kTypeSetText = text;
#define WGSL_BUILTIN_CONSTRUCTORS(text) constexpr const char* kConstructorText = text;
#define WGSL_BUILTIN_FN(id, name, uniformity, lowering, lowering_arg, accuracy, signatures)
#include "interp/sema/builtin_table.inc"
#undef WGSL_BUILTIN_FN

struct FnEntry {
  BuiltinFn fn;
  const char* signatures;
};
constexpr FnEntry kFnEntries[] = {
#define WGSL_BUILTIN_FN(id, name, uniformity, lowering, lowering_arg, accuracy, signatures) \
  {BuiltinFn::id, signatures},
#include "interp/sema/builtin_table.inc"
#undef WGSL_BUILTIN_FN
};
static_assert(std::size(kFnEntries) == kBuiltinFnCount);

// ---------------------------------------------------------------------------------------------
// The parsed table.

struct TypeSet {
  std::vector<TypeKind> scalars;
  bool sv = false;  // also vecN<S> for every listed scalar S
};

enum class VarKind { Type, Width, Space, Access, Format, Size };
enum class Pred { None, Any, Constructible, ConcreteConstructible, BufferViewType, BufferArrayViewType };

struct Var {
  std::string name;
  VarKind kind = VarKind::Type;
  TypeSet set;  // Type variables with pred == None
  Pred pred = Pred::None;
  std::vector<AddressSpace> spaces;
  std::vector<AccessMode> accesses;
  std::string description;  // for messages; empty for dimension variables
};

enum class PK {
  Var, Scalar, Vec, Mat, Ptr, Atomic, RuntimeArray, CountArray, Texture, Sampler, SamplerCmp, Buffer,
  SizedBuffer, ScalarOf, Texel, FrexpResult, ModfResult, CmpXchgResult
};

struct Num {
  uint32_t lit = 0;
  int var = -1;  // a Width variable, else the literal
};

struct Pat {
  PK kind = PK::Scalar;
  int var = -1;  // Var: type variable; Texel: format variable; SizedBuffer: size variable
  TypeKind scalar = TypeKind::Bool;
  Num a, b;  // Vec: a = width; Mat: a = columns, b = rows
  std::optional<AddressSpace> space;
  int space_var = -1;
  std::optional<AccessMode> access;
  int access_var = -1;
  TextureKind tex_kind = TextureKind::Sampled;
  TextureDim tex_dim = TextureDim::D2;
  int format_var = -1;
  std::vector<Pat> kids;
};

struct Rel {
  bool distinct = false;  // else same_abstractness
  int a = -1, b = -1;
};

struct Overload {
  std::string name;
  std::vector<Pat> templ;
  std::vector<Pat> params;
  bool variadic = false;  // the last parameter stands for one or more arguments
  bool has_result = false;
  Pat result;
  std::vector<Var> vars;
  std::vector<Rel> rels;
  bool is_const = false;
  bool must_use = false;
  std::vector<std::string> stages;
  std::string enable;
  size_t form = 0;  // index of its line's text in Family::forms
};

struct Family {
  BuiltinFn fn = BuiltinFn::None;  // None for the value constructors (vec3, mat2x2, array)
  std::vector<Overload> overloads;
  std::vector<std::string> forms;  // one per table line, for messages
};

struct Table {
  std::map<std::string, TypeSet> sets;
  std::map<std::string, Family> families;
};

[[noreturn]] void tableError(const std::string& line, const std::string& what) {
  std::fprintf(stderr, "builtin_table.inc: %s\n  in: %s\n", what.c_str(), line.c_str());
  std::abort();
}

std::optional<TypeKind> scalarKindFromName(const std::string& n) {
  if (n == "bool") return TypeKind::Bool;
  if (n == "AbstractInt") return TypeKind::AbstractInt;
  if (n == "AbstractFloat") return TypeKind::AbstractFloat;
  if (n == "i32") return TypeKind::I32;
  if (n == "u32") return TypeKind::U32;
  if (n == "f32") return TypeKind::F32;
  if (n == "f16") return TypeKind::F16;
  return std::nullopt;
}

const char* scalarKindName(TypeKind k) {
  switch (k) {
    case TypeKind::Bool: return "bool";
    case TypeKind::AbstractInt: return "AbstractInt";
    case TypeKind::AbstractFloat: return "AbstractFloat";
    case TypeKind::I32: return "i32";
    case TypeKind::U32: return "u32";
    case TypeKind::F32: return "f32";
    case TypeKind::F16: return "f16";
    default: return "?";
  }
}

std::string joinOr(const std::vector<std::string>& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? " or " : ", ";
    out += items[i];
  }
  return out;
}

std::vector<std::string> tokenize(const std::string& line) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < line.size()) {
    const unsigned char c = static_cast<unsigned char>(line[i]);
    if (std::isspace(c)) {
      ++i;
    } else if (c == '#') {
      break;
    } else if (std::isalnum(c) || c == '_') {
      size_t j = i;
      while (j < line.size() && (std::isalnum(static_cast<unsigned char>(line[j])) || line[j] == '_')) ++j;
      out.push_back(line.substr(i, j - i));
      i = j;
    } else if (line.compare(i, 3, "...") == 0) {
      out.emplace_back("...");
      i += 3;
    } else if (line.compare(i, 2, "->") == 0 || line.compare(i, 2, "@@") == 0) {
      out.push_back(line.substr(i, 2));
      i += 2;
    } else {
      out.emplace_back(1, static_cast<char>(c));
      ++i;
    }
  }
  return out;
}

struct TextureName {
  const char* name;
  TextureKind kind;
  TextureDim dim;
};

constexpr TextureName kTextureNames[] = {
    {"texture_1d", TextureKind::Sampled, TextureDim::D1},
    {"texture_2d", TextureKind::Sampled, TextureDim::D2},
    {"texture_2d_array", TextureKind::Sampled, TextureDim::D2Array},
    {"texture_3d", TextureKind::Sampled, TextureDim::D3},
    {"texture_cube", TextureKind::Sampled, TextureDim::Cube},
    {"texture_cube_array", TextureKind::Sampled, TextureDim::CubeArray},
    {"texture_multisampled_2d", TextureKind::Multisampled, TextureDim::D2},
    {"texture_depth_2d", TextureKind::Depth, TextureDim::D2},
    {"texture_depth_2d_array", TextureKind::Depth, TextureDim::D2Array},
    {"texture_depth_cube", TextureKind::Depth, TextureDim::Cube},
    {"texture_depth_cube_array", TextureKind::Depth, TextureDim::CubeArray},
    {"texture_depth_multisampled_2d", TextureKind::DepthMultisampled, TextureDim::D2},
    {"texture_external", TextureKind::External, TextureDim::D2},
    {"texture_storage_1d", TextureKind::Storage, TextureDim::D1},
    {"texture_storage_2d", TextureKind::Storage, TextureDim::D2},
    {"texture_storage_2d_array", TextureKind::Storage, TextureDim::D2Array},
    {"texture_storage_3d", TextureKind::Storage, TextureDim::D3},
};

// Parses one table line at a time.
class LineParser {
 public:
  LineParser(Table& table, const std::string& line, std::vector<std::string> toks)
      : table_(table), line_(line), toks_(std::move(toks)), end_(toks_.size()) {}

  void parseSet() {
    expect("set");
    std::string name = ident();
    expect("=");
    TypeSet s;
    if (peek() == "sv") {
      next();
      s.sv = true;
    }
    for (;;) {
      std::string n = ident();
      auto k = scalarKindFromName(n);
      if (!k) fail("not a scalar type: " + n);
      s.scalars.push_back(*k);
      if (peek() != "|") break;
      next();
    }
    if (pos_ != toks_.size()) fail("trailing tokens");
    table_.sets[name] = s;
  }

  // Attributes: @const, @must_use, @stage(a, b), @enable(x).
  void parseAttributes(Overload& o) {
    while (peek() == "@") {
      next();
      std::string a = ident();
      if (a == "const") {
        o.is_const = true;
      } else if (a == "must_use") {
        o.must_use = true;
      } else if (a == "stage" || a == "enable") {
        expect("(");
        for (;;) {
          std::string v = ident();
          if (a == "stage") o.stages.push_back(v);
          else o.enable = v;
          if (peek() != ",") break;
          next();
        }
        expect(")");
      } else {
        fail("unknown attribute @" + a);
      }
    }
  }

  bool atEnd() const { return pos_ == toks_.size(); }

  // The name a `fn` line defines (nothing consumed).
  std::string functionName() const {
    if (pos_ + 1 >= toks_.size() || toks_[pos_] != "fn") fail("expected 'fn NAME(...)'");
    return toks_[pos_ + 1];
  }

  // `fn NAME[<T,...>](P, ...) [-> R] [where ...]`, expanded into one overload per combination of
  // parameter alternatives.
  void parseFunction(Overload proto) {
    // The where clause first: it declares the variables the patterns use.
    size_t where = toks_.size();
    for (size_t i = pos_; i < toks_.size(); ++i) {
      if (toks_[i] == "where") where = i;
    }
    std::vector<std::string> descriptions;
    if (where < toks_.size()) {
      size_t saved = pos_;
      pos_ = where + 1;
      parseWhere(proto, descriptions);
      end_ = toks_.size();
      pos_ = saved;
    }
    end_ = where;
    expect("fn");
    proto.name = ident();
    const size_t text_begin = pos_ - 1;
    if (peek() == "<") {
      next();
      for (;;) {
        proto.templ.push_back(pattern(proto));
        if (peek() != ",") break;
        next();
      }
      expect(">");
    }
    expect("(");
    std::vector<std::vector<Pat>> alternatives;  // per parameter
    std::vector<int> repeat;
    if (peek() != ")") {
      for (;;) {
        std::vector<Pat> alts{pattern(proto)};
        while (peek() == "|") {
          next();
          alts.push_back(pattern(proto));
        }
        int count = 1;
        if (peek() == "*") {
          next();
          count = std::stoi(next());
        } else if (peek() == "...") {
          next();
          proto.variadic = true;
        }
        alternatives.push_back(std::move(alts));
        repeat.push_back(count);
        if (peek() != ",") break;
        if (proto.variadic) fail("a variadic parameter must be last");
        next();
      }
    }
    expect(")");
    if (peek() == "->") {
      next();
      proto.has_result = true;
      proto.result = pattern(proto);
    }
    if (pos_ != end_) fail("unexpected '" + peek() + "'");

    Family& fam = table_.families[proto.name];
    std::string text = render(text_begin, where);
    if (!descriptions.empty()) {
      text += " where ";
      for (size_t i = 0; i < descriptions.size(); ++i) text += (i ? " and " : "") + descriptions[i];
    }
    proto.form = fam.forms.size();
    fam.forms.push_back(text);

    // One overload per combination of alternatives.
    std::vector<size_t> pick(alternatives.size(), 0);
    for (;;) {
      Overload o = proto;
      for (size_t i = 0; i < alternatives.size(); ++i) {
        for (int k = 0; k < repeat[i]; ++k) o.params.push_back(alternatives[i][pick[i]]);
      }
      fam.overloads.push_back(std::move(o));
      size_t i = 0;
      while (i < pick.size() && ++pick[i] == alternatives[i].size()) pick[i++] = 0;
      if (i == pick.size()) break;
    }
  }

 private:
  [[noreturn]] void fail(const std::string& what) const { tableError(line_, what); }
  const std::string& peek() const {
    static const std::string kEnd;
    return pos_ < end_ ? toks_[pos_] : kEnd;
  }
  std::string next() {
    if (pos_ >= end_) fail("unexpected end of line");
    return toks_[pos_++];
  }
  void expect(const std::string& t) {
    if (peek() != t) fail("expected '" + t + "', found '" + peek() + "'");
    ++pos_;
  }
  std::string ident() {
    std::string t = next();
    if (t.empty() || !(std::isalpha(static_cast<unsigned char>(t[0])) || t[0] == '_')) fail("expected a name, found '" + t + "'");
    return t;
  }

  // The signature as written, for messages; `P*3` is spelled `P, P, P` and `P...` `P, ...`.
  std::string render(size_t begin, size_t end) const {
    std::string out;
    int depth = 0;
    size_t param_start = 0;
    for (size_t i = begin; i < end; ++i) {
      const std::string& t = toks_[i];
      if (t == "<") ++depth;
      if (t == ">") --depth;
      if (t == ",") {
        out += ", ";
        if (depth == 0) param_start = out.size();
      } else if (t == "(" && depth == 0) {
        out += t;
        param_start = out.size();
      } else if (t == "*" && i + 1 < end) {
        const std::string param = out.substr(param_start);
        const int count = std::stoi(toks_[++i]);
        for (int k = 1; k < count; ++k) out += ", " + param;
      } else if (t == "...") {
        out += ", ...";
      } else if (t == "->") {
        out += " -> ";
      } else if (t == "|") {
        out += " | ";
      } else {
        out += t;
      }
    }
    return out;
  }

  static int findVar(const Overload& o, const std::string& name) {
    for (size_t i = 0; i < o.vars.size(); ++i) {
      if (o.vars[i].name == name) return static_cast<int>(i);
    }
    return -1;
  }

  void parseWhere(Overload& o, std::vector<std::string>& descriptions) {
    end_ = toks_.size();
    std::vector<std::pair<std::string, std::string>> rels;  // relation name, "A,B"
    for (;;) {
      std::string name = ident();
      if (peek() == "(") {
        next();
        std::string a = ident();
        expect(",");
        std::string b = ident();
        expect(")");
        Rel r;
        if (name == "distinct") r.distinct = true;
        else if (name != "same_abstractness") fail("unknown relation " + name);
        r.a = findVar(o, a);
        r.b = findVar(o, b);
        if (r.a < 0 || r.b < 0) fail("relation on undeclared variables");
        o.rels.push_back(r);
        descriptions.push_back(r.distinct ? fmt::format("{} is not {}", a, b)
                                          : fmt::format("{} and {} are both abstract or both concrete", a, b));
      } else {
        expect(":");
        Var v;
        v.name = name;
        parseConstraint(v);
        if (findVar(o, name) >= 0) fail("variable declared twice: " + name);
        if (!v.description.empty()) descriptions.push_back(v.description);
        o.vars.push_back(std::move(v));
      }
      if (pos_ == end_) break;
      expect(",");
    }
  }

  void parseConstraint(Var& v) {
    bool sv = false;
    if (peek() == "sv") {
      next();
      sv = true;
    }
    std::vector<std::string> items{ident()};
    while (peek() == "|") {
      next();
      items.push_back(ident());
    }
    const std::string& first = items[0];
    if (items.size() == 1 && !sv) {
      static const std::map<std::string, std::pair<Pred, const char*>> kPreds = {
          {"any", {Pred::Any, nullptr}},
          {"constructible", {Pred::Constructible, "a constructible type"}},
          {"concrete_constructible", {Pred::ConcreteConstructible, "a concrete constructible type"}},
          {"buffer_view_type", {Pred::BufferViewType, "a host-shareable type without atomics or buffers"}},
          {"buffer_array_view_type",
           {Pred::BufferArrayViewType, "a host-shareable type without a fixed footprint, atomics or buffers"}},
      };
      auto p = kPreds.find(first);
      if (p != kPreds.end()) {
        v.kind = VarKind::Type;
        v.pred = p->second.first;
        if (p->second.second) v.description = fmt::format("{} is {}", v.name, p->second.second);
        return;
      }
      if (first == "texel_format") {
        v.kind = VarKind::Format;
        v.description = fmt::format("{} is a texel format", v.name);
        return;
      }
      if (first == "buffer_size") {
        v.kind = VarKind::Size;
        return;
      }
      auto s = table_.sets.find(first);
      if (s != table_.sets.end()) {
        v.kind = VarKind::Type;
        v.set = s->second;
        v.description = describeSet(v.name, v.set);
        return;
      }
    }
    if (scalarKindFromName(first)) {
      v.kind = VarKind::Type;
      v.set.sv = sv;
      for (const auto& n : items) {
        auto k = scalarKindFromName(n);
        if (!k) fail("not a scalar type: " + n);
        v.set.scalars.push_back(*k);
      }
      v.description = describeSet(v.name, v.set);
      return;
    }
    if (addressSpaceFromName(first)) {
      v.kind = VarKind::Space;
      for (const auto& n : items) {
        auto s = addressSpaceFromName(n);
        if (!s) fail("not an address space: " + n);
        v.spaces.push_back(*s);
      }
      v.description = fmt::format("{} is {}", v.name, joinOr(items));
      return;
    }
    if (accessModeFromName(first)) {
      v.kind = VarKind::Access;
      for (const auto& n : items) {
        auto a = accessModeFromName(n);
        if (!a) fail("not an access mode: " + n);
        v.accesses.push_back(*a);
      }
      v.description = fmt::format("{} is {}", v.name, joinOr(items));
      return;
    }
    fail("unknown constraint " + first);
  }

  static std::string describeSet(const std::string& name, const TypeSet& s) {
    std::vector<std::string> names;
    for (TypeKind k : s.scalars) names.emplace_back(scalarKindName(k));
    std::string d = fmt::format("{} is {}", name, joinOr(names));
    if (s.sv) d += names.size() == 1 ? " or a vector of it" : ", or a vector of one of these";
    return d;
  }

  // A dimension: a digit, or a single upper-case letter naming a Width variable.
  Num dimension(Overload& o, char c) {
    Num n;
    if (c >= '2' && c <= '4') {
      n.lit = static_cast<uint32_t>(c - '0');
      return n;
    }
    if (c < 'A' || c > 'Z') fail(std::string("bad dimension ") + c);
    std::string name(1, c);
    int v = findVar(o, name);
    if (v < 0) {
      Var w;
      w.name = name;
      w.kind = VarKind::Width;
      o.vars.push_back(w);
      v = static_cast<int>(o.vars.size()) - 1;
    } else if (o.vars[static_cast<size_t>(v)].kind != VarKind::Width) {
      fail("variable " + name + " used as a dimension");
    }
    n.var = v;
    return n;
  }

  int varOfKind(const Overload& o, const std::string& name, VarKind k) {
    int v = findVar(o, name);
    if (v < 0 || o.vars[static_cast<size_t>(v)].kind != k) fail("undeclared or mistyped variable " + name);
    return v;
  }

  Pat bracketed(Overload& o, PK kind) {
    Pat p;
    p.kind = kind;
    expect("<");
    p.kids.push_back(pattern(o));
    expect(">");
    return p;
  }

  Pat pattern(Overload& o) {
    const std::string n = ident();
    Pat p;
    const int v = findVar(o, n);
    if (v >= 0 && o.vars[static_cast<size_t>(v)].kind == VarKind::Type) {
      p.kind = PK::Var;
      p.var = v;
      return p;
    }
    if (auto k = scalarKindFromName(n)) {
      p.kind = PK::Scalar;
      p.scalar = *k;
      return p;
    }
    if (n.size() == 4 && n.compare(0, 3, "vec") == 0) {
      p = bracketed(o, PK::Vec);
      p.a = dimension(o, n[3]);
      return p;
    }
    if (n.size() == 6 && n.compare(0, 3, "mat") == 0 && n[4] == 'x') {
      p = bracketed(o, PK::Mat);
      p.a = dimension(o, n[3]);
      p.b = dimension(o, n[5]);
      return p;
    }
    if (n == "ptr") {
      p.kind = PK::Ptr;
      expect("<");
      std::string as = ident();
      if (auto s = addressSpaceFromName(as)) p.space = *s;
      else p.space_var = varOfKind(o, as, VarKind::Space);
      expect(",");
      p.kids.push_back(pattern(o));
      expect(",");
      std::string am = ident();
      if (auto a = accessModeFromName(am)) p.access = *a;
      else p.access_var = varOfKind(o, am, VarKind::Access);
      expect(">");
      return p;
    }
    if (n == "atomic") return bracketed(o, PK::Atomic);
    if (n == "scalar") return bracketed(o, PK::ScalarOf);
    if (n == "frexp_result") return bracketed(o, PK::FrexpResult);
    if (n == "modf_result") return bracketed(o, PK::ModfResult);
    if (n == "atomic_compare_exchange_result") return bracketed(o, PK::CmpXchgResult);
    if (n == "array") {
      p.kind = PK::RuntimeArray;
      expect("<");
      p.kids.push_back(pattern(o));
      if (peek() == ",") {
        next();
        expect("count");
        p.kind = PK::CountArray;
      }
      expect(">");
      return p;
    }
    if (n == "texel") {
      p.kind = PK::Texel;
      expect("<");
      p.var = varOfKind(o, ident(), VarKind::Format);
      expect(">");
      return p;
    }
    if (n == "sampler") {
      p.kind = PK::Sampler;
      return p;
    }
    if (n == "sampler_comparison") {
      p.kind = PK::SamplerCmp;
      return p;
    }
    if (n == "buffer") {
      p.kind = PK::Buffer;
      if (peek() == "<") {
        next();
        p.kind = PK::SizedBuffer;
        p.var = varOfKind(o, ident(), VarKind::Size);
        expect(">");
      }
      return p;
    }
    for (const auto& t : kTextureNames) {
      if (n != t.name) continue;
      p.kind = PK::Texture;
      p.tex_kind = t.kind;
      p.tex_dim = t.dim;
      if (t.kind == TextureKind::Sampled || t.kind == TextureKind::Multisampled) {
        expect("<");
        p.kids.push_back(pattern(o));
        expect(">");
      } else if (t.kind == TextureKind::Storage) {
        expect("<");
        p.format_var = varOfKind(o, ident(), VarKind::Format);
        expect(",");
        std::string am = ident();
        if (auto a = accessModeFromName(am)) p.access = *a;
        else p.access_var = varOfKind(o, am, VarKind::Access);
        expect(">");
      }
      return p;
    }
    fail("unknown type or variable '" + n + "'");
  }

  Table& table_;
  const std::string& line_;
  std::vector<std::string> toks_;
  size_t end_;
  size_t pos_ = 0;
};

// What a block of builtin_table.inc may hold.
enum class Block { TypeSets, Constructors, Function };

// One block's lines: `set` lines (type sets only), `@@` defaults (reset per block) and `fn` lines.
// A function's entry holds its own signatures only, so every `fn` there must name it.
void parseBlock(Table& table, const char* text, Block block, BuiltinFn fn) {
  const std::string all(text);
  Overload defaults;
  size_t start = 0, fns = 0;
  while (start <= all.size()) {
    size_t nl = all.find('\n', start);
    if (nl == std::string::npos) nl = all.size();
    const std::string line = all.substr(start, nl - start);
    start = nl + 1;
    std::vector<std::string> toks = tokenize(line);
    if (toks.empty()) continue;
    LineParser p(table, line, toks);
    if (toks[0] == "set") {
      if (block != Block::TypeSets) tableError(line, "a type set outside the type sets block");
      p.parseSet();
    } else if (toks[0] == "@@") {
      toks.erase(toks.begin());
      LineParser attrs(table, line, toks);
      defaults = Overload{};
      attrs.parseAttributes(defaults);
      if (!attrs.atEnd()) tableError(line, "only attributes may follow @@");
    } else {
      if (block == Block::TypeSets) tableError(line, "a signature in the type sets block");
      Overload o = defaults;
      p.parseAttributes(o);
      const std::string name = p.functionName();
      const bool constructor = name == "array" || name.rfind("vec", 0) == 0 || name.rfind("mat", 0) == 0;
      if (block == Block::Constructors && !constructor) tableError(line, "not a value constructor: '" + name + "'");
      if (block == Block::Function && name != builtinFnName(fn)) {
        tableError(line, "a signature of '" + name + "' in the entry of '" + std::string(builtinFnName(fn)) + "'");
      }
      table.families[name].fn = fn;
      p.parseFunction(std::move(o));
      ++fns;
    }
  }
  if (block == Block::Function && fns == 0) tableError(std::string(builtinFnName(fn)), "an entry without a signature");
}

Table parseTable() {
  Table table;
  parseBlock(table, kTypeSetText, Block::TypeSets, BuiltinFn::None);
  parseBlock(table, kConstructorText, Block::Constructors, BuiltinFn::None);
  for (const FnEntry& e : kFnEntries) parseBlock(table, e.signatures, Block::Function, e.fn);
  return table;
}

const Table& table() {
  static const Table t = parseTable();
  return t;
}

// ---------------------------------------------------------------------------------------------
// Types.

const Type* scalarType(TypeTable& types, TypeKind k) {
  switch (k) {
    case TypeKind::Bool: return types.boolType();
    case TypeKind::AbstractInt: return types.abstractInt();
    case TypeKind::AbstractFloat: return types.abstractFloat();
    case TypeKind::I32: return types.i32();
    case TypeKind::U32: return types.u32();
    case TypeKind::F32: return types.f32();
    case TypeKind::F16: return types.f16();
    default: return nullptr;
  }
}

bool inSet(const TypeSet& s, const Type* t) {
  const Type* scalar = t->isScalar() ? t : (s.sv && t->isVector() ? t->elem : nullptr);
  return scalar && std::find(s.scalars.begin(), s.scalars.end(), scalar->kind) != s.scalars.end();
}

std::vector<const Type*> setTypes(TypeTable& types, const TypeSet& s) {
  std::vector<const Type*> out;
  for (TypeKind k : s.scalars) {
    const Type* t = scalarType(types, k);
    out.push_back(t);
    if (s.sv) {
      for (uint32_t n = 2; n <= 4; ++n) out.push_back(types.vec(n, t));
    }
  }
  return out;
}

bool containsAtomicOrBuffer(const Type* t) {
  switch (t->kind) {
    case TypeKind::Atomic:
    case TypeKind::Buffer: return true;
    case TypeKind::Array: return containsAtomicOrBuffer(t->elem);
    case TypeKind::Struct:
      return t->memo(Type::Memo::ContainsAtomicOrBuffer, [&] {
        for (const auto& m : t->members) {
          if (containsAtomicOrBuffer(m.type)) return true;
        }
        return false;
      });
    default: return false;
  }
}

bool containsF16(const Type* t) {
  if (t == nullptr) return false;
  if (t->kind == TypeKind::F16) return true;
  if (t->kind == TypeKind::Struct) {
    return t->memo(Type::Memo::ContainsF16, [&] {
      for (const auto& m : t->members) {
        if (containsF16(m.type)) return true;
      }
      return false;
    });
  }
  return containsF16(t->elem);
}

bool satisfies(Pred p, const Type* t) {
  switch (p) {
    case Pred::None:
    case Pred::Any: return true;
    case Pred::Constructible: return t->isConstructible();
    case Pred::ConcreteConstructible: return t->isConstructible() && !t->isAbstract();
    case Pred::BufferViewType: return t->isHostShareable() && !containsAtomicOrBuffer(t);
    case Pred::BufferArrayViewType: return t->isHostShareable() && !containsAtomicOrBuffer(t) && !t->hasFixedFootprint();
  }
  return false;
}

// The leaf scalar of a scalar, vector, matrix or fixed-size array (of those), else null.
const Type* leafScalar(const Type* t) {
  if (t->isScalar()) return t;
  if (t->isVector() || t->isMatrix()) return t->elem;
  if (t->isArray() && t->count) return leafScalar(t->elem);
  return nullptr;
}

// The channel type of a storage texel format (section "Texel Formats"): *uint -> u32,
// *sint -> i32, everything else (unorm, snorm, float, ufloat) -> f32.
const Type* texelChannelType(TypeTable& types, const std::string& format) {
  auto endsWith = [&](const char* s) {
    const std::string suffix(s);
    return format.size() >= suffix.size() && format.compare(format.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  if (format.empty()) return nullptr;
  if (endsWith("uint")) return types.u32();
  if (endsWith("sint")) return types.i32();
  return types.f32();
}

// The predeclared result structures (frexp, modf, atomicCompareExchangeWeak) are created once
// per TypeTable. They are remembered in the member list of a private interned type of that table
// (an override-sized array keyed by the address of `tag`, which nothing else can name), so they
// live exactly as long as the table does.
const Type* resultStruct(TypeTable& types, const std::string& name,
                         const std::vector<std::pair<std::string, const Type*>>& members) {
  static const char tag = 0;
  // The interned types live in the table's own (non-const) storage.
  Type* cache = const_cast<Type*>(types.overrideArray(types.boolType(), &tag, "__builtin_result_structures"));
  for (const auto& m : cache->members) {
    if (m.name == name) return m.type;
  }
  Type* s = types.newStruct(name);
  for (const auto& [member_name, member_type] : members) {
    StructMemberInfo info;
    info.name = member_name;
    info.type = member_type;
    s->members.push_back(info);
  }
  layoutStruct(s, {});
  StructMemberInfo entry;
  entry.name = name;
  entry.type = s;
  cache->members.push_back(entry);
  return s;
}

// __frexp_result_f32, __frexp_result_vec3_abstract, __modf_result_vec2_f16, ...
std::string resultStructName(const char* base, const Type* t) {
  const Type* s = t->scalarOf();
  std::string leaf = s->kind == TypeKind::AbstractFloat ? "abstract" : s->name();
  return t->isVector() ? fmt::format("{}_vec{}_{}", base, t->width, leaf) : fmt::format("{}_{}", base, leaf);
}

const Type* frexpResult(TypeTable& types, const Type* t) {
  if (!t || !t->scalarOf() || !t->scalarOf()->isFloatScalar() || t->isMatrix()) return nullptr;
  const Type* exp = types.withScalar(t, t->scalarOf()->kind == TypeKind::AbstractFloat ? types.abstractInt() : types.i32());
  return resultStruct(types, resultStructName("__frexp_result", t), {{"fract", t}, {"exp", exp}});
}

const Type* modfResult(TypeTable& types, const Type* t) {
  if (!t || !t->scalarOf() || !t->scalarOf()->isFloatScalar() || t->isMatrix()) return nullptr;
  return resultStruct(types, resultStructName("__modf_result", t), {{"fract", t}, {"whole", t}});
}

const Type* cmpXchgResult(TypeTable& types, const Type* t) {
  if (!t || (t->kind != TypeKind::I32 && t->kind != TypeKind::U32)) return nullptr;
  return resultStruct(types, "__atomic_compare_exchange_result_" + t->name(),
                      {{"old_value", t}, {"exchanged", types.boolType()}});
}

// The types `t` converts to with a finite ConversionRank (itself included).
std::vector<const Type*> conversionTargets(TypeTable& types, const Type* t) {
  std::vector<const Type*> out{t};
  if (t->isStruct() && t->isAbstract() && !t->members.empty()) {
    // __frexp_result_*abstract / __modf_result_*abstract -> the f32 and f16 structures.
    const Type* fract = t->members[0].type;
    const bool frexp = t->struct_name.rfind("__frexp_result", 0) == 0;
    const bool modf = t->struct_name.rfind("__modf_result", 0) == 0;
    if (!frexp && !modf) return out;
    for (const Type* s : {types.f32(), types.f16()}) {
      const Type* conc = types.withScalar(fract, s);
      const Type* r = frexp ? frexpResult(types, conc) : modfResult(types, conc);
      if (r) out.push_back(r);
    }
    return out;
  }
  const Type* leaf = leafScalar(t);
  if (!leaf) return out;
  std::vector<const Type*> scalars;
  if (leaf->kind == TypeKind::AbstractInt) {
    scalars = {types.i32(), types.u32(), types.abstractFloat(), types.f32(), types.f16()};
  } else if (leaf->kind == TypeKind::AbstractFloat) {
    scalars = {types.f32(), types.f16()};
  }
  for (const Type* s : scalars) out.push_back(types.withScalar(t, s));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Matching one overload.

struct Value {
  bool bound = false;
  const Type* type = nullptr;
  uint32_t num = 0;  // Width, Size
  AddressSpace space = AddressSpace::Function;
  AccessMode access = AccessMode::ReadWrite;
  std::string format;
};
using Binding = std::vector<Value>;

struct Candidate {
  const Overload* overload = nullptr;
  std::vector<const Type*> params;
  const Type* result = nullptr;
  std::vector<int> ranks;
  bool needs_f16 = false;
};

bool isRigid(const Pat& p) {
  switch (p.kind) {
    case PK::Ptr: case PK::Atomic: case PK::RuntimeArray: case PK::Texture: case PK::Sampler:
    case PK::SamplerCmp: case PK::Buffer: case PK::SizedBuffer: return true;
    default: return false;
  }
}

class Matcher {
 public:
  Matcher(TypeTable& types, const Overload& o, const std::vector<const Type*>& templ, const std::vector<const Type*>& args)
      : types_(types), o_(o), templ_(templ), args_(args), b_(o.vars.size()), cands_(o.vars.size()) {}

  void run(std::vector<Candidate>& out) {
    if (templ_.size() != o_.templ.size()) return;
    // The parameter list for this many arguments.
    if (o_.variadic) {
      if (args_.size() < o_.params.size()) return;
      params_.assign(o_.params.begin(), o_.params.end() - 1);
      while (params_.size() < args_.size()) params_.push_back(o_.params.back());
    } else {
      if (args_.size() != o_.params.size()) return;
      params_ = o_.params;
    }
    for (size_t i = 0; i < templ_.size(); ++i) {
      bool converted = false;
      if (!rigid(o_.templ[i], templ_[i], &converted) || converted) return;
    }
    converted_.assign(params_.size(), false);
    for (size_t i = 0; i < params_.size(); ++i) {
      bool converted = false;
      bool ok = isRigid(params_[i]) ? rigid(params_[i], args_[i], &converted) : loose(params_[i], args_[i]);
      if (!ok) return;
      converted_[i] = converted;
    }
    // Domains of the variables left unbound.
    std::vector<bool> used(o_.vars.size(), false);
    for (const auto& p : o_.templ) markUsed(p, used);
    for (const auto& p : params_) markUsed(p, used);
    if (o_.has_result) markUsed(o_.result, used);
    domains_.assign(o_.vars.size(), {});
    for (size_t v = 0; v < o_.vars.size(); ++v) {
      if (!used[v] || b_[v].bound) continue;
      const Var& var = o_.vars[v];
      if (var.kind == VarKind::Width) {
        for (uint32_t n = 2; n <= 4; ++n) {
          Value val;
          val.bound = true;
          val.num = n;
          domains_[v].push_back(val);
        }
      } else if (var.kind == VarKind::Type) {
        std::vector<const Type*> ts = var.pred == Pred::None ? setTypes(types_, var.set) : cands_[v];
        for (const Type* t : ts) {
          if (!satisfies(var.pred, t)) continue;
          bool dup = false;
          for (const auto& d : domains_[v]) dup = dup || d.type == t;
          if (dup) continue;
          Value val;
          val.bound = true;
          val.type = t;
          domains_[v].push_back(val);
        }
      }
      if (domains_[v].empty()) return;  // nothing to try (e.g. an address space only in the result)
    }
    enumerate(0, out);
  }

 private:
  static void markUsed(const Pat& p, std::vector<bool>& used) {
    auto mark = [&](int v) {
      if (v >= 0) used[static_cast<size_t>(v)] = true;
    };
    mark(p.var);
    mark(p.a.var);
    mark(p.b.var);
    mark(p.space_var);
    mark(p.access_var);
    mark(p.format_var);
    for (const auto& k : p.kids) markUsed(k, used);
  }

  bool bindNum(const Num& n, uint32_t value) {
    if (n.var < 0) return n.lit == value;
    Value& v = b_[static_cast<size_t>(n.var)];
    if (v.bound) return v.num == value;
    v.bound = true;
    v.num = value;
    return true;
  }

  bool bindType(int var, const Type* t) {
    Value& v = b_[static_cast<size_t>(var)];
    if (v.bound) return v.type == t;
    const Var& decl = o_.vars[static_cast<size_t>(var)];
    if (decl.pred == Pred::None ? !inSet(decl.set, t) : !satisfies(decl.pred, t)) return false;
    v.bound = true;
    v.type = t;
    return true;
  }

  bool bindAccess(const Pat& p, AccessMode am) {
    if (p.access) return *p.access == am;
    if (p.access_var < 0) return true;
    Value& v = b_[static_cast<size_t>(p.access_var)];
    if (v.bound) return v.access == am;
    const auto& allowed = o_.vars[static_cast<size_t>(p.access_var)].accesses;
    if (std::find(allowed.begin(), allowed.end(), am) == allowed.end()) return false;
    v.bound = true;
    v.access = am;
    return true;
  }

  // Structural match without conversion (template arguments, pointers, textures, ...). A pointer
  // to a fixed-size buffer matching `buffer` sets *converted (ConversionRank 1).
  bool rigid(const Pat& p, const Type* t, bool* converted) {
    switch (p.kind) {
      case PK::Var: return bindType(p.var, t);
      case PK::Scalar: return t->kind == p.scalar;
      case PK::Vec: return t->isVector() && bindNum(p.a, t->width) && rigid(p.kids[0], t->elem, converted);
      case PK::Mat:
        return t->isMatrix() && bindNum(p.a, t->columns) && bindNum(p.b, t->rows) && rigid(p.kids[0], t->elem, converted);
      case PK::Ptr: {
        if (!t->isPtr()) return false;
        if (p.space) {
          if (*p.space != t->space) return false;
        } else {
          Value& v = b_[static_cast<size_t>(p.space_var)];
          const auto& allowed = o_.vars[static_cast<size_t>(p.space_var)].spaces;
          if (v.bound ? v.space != t->space
                      : std::find(allowed.begin(), allowed.end(), t->space) == allowed.end()) {
            return false;
          }
          v.bound = true;
          v.space = t->space;
        }
        return bindAccess(p, t->access) && rigid(p.kids[0], t->elem, converted);
      }
      case PK::Atomic: return t->isAtomic() && rigid(p.kids[0], t->elem, converted);
      case PK::RuntimeArray: return t->isRuntimeArray() && rigid(p.kids[0], t->elem, converted);
      case PK::Texture: {
        if (t->kind != TypeKind::Texture || t->texture_kind != p.tex_kind || t->texture_dim != p.tex_dim) return false;
        if (!p.kids.empty()) return t->elem != nullptr && rigid(p.kids[0], t->elem, converted);
        if (p.tex_kind == TextureKind::Storage) {
          Value& f = b_[static_cast<size_t>(p.format_var)];
          if (f.bound && f.format != t->texel_format) return false;
          f.bound = true;
          f.format = t->texel_format;
          return bindAccess(p, t->access);
        }
        return true;
      }
      case PK::Sampler: return t->kind == TypeKind::Sampler;
      case PK::SamplerCmp: return t->kind == TypeKind::SamplerComparison;
      case PK::Buffer:
        if (t->kind != TypeKind::Buffer) return false;
        if (t->buffer_size) *converted = true;
        return true;
      case PK::SizedBuffer: {
        if (t->kind != TypeKind::Buffer || !t->buffer_size) return false;
        Value& v = b_[static_cast<size_t>(p.var)];
        if (v.bound && v.num != *t->buffer_size) return false;
        v.bound = true;
        v.num = *t->buffer_size;
        return true;
      }
      default: return false;  // result-only patterns
    }
  }

  // Match where automatic conversion may apply: only shapes are fixed; predicate variables
  // collect the types the argument converts to.
  bool loose(const Pat& p, const Type* t) {
    switch (p.kind) {
      case PK::Var: {
        const Var& decl = o_.vars[static_cast<size_t>(p.var)];
        if (decl.pred != Pred::None) {
          auto& c = cands_[static_cast<size_t>(p.var)];
          for (const Type* target : conversionTargets(types_, t)) c.push_back(target);
        }
        return true;
      }
      case PK::Vec: return t->isVector() && bindNum(p.a, t->width) && loose(p.kids[0], t->elem);
      case PK::Mat: return t->isMatrix() && bindNum(p.a, t->columns) && bindNum(p.b, t->rows) && loose(p.kids[0], t->elem);
      default:
        if (isRigid(p)) {
          bool converted = false;
          return rigid(p, t, &converted) && !converted;
        }
        return true;  // scalars and computed types: checked by rank
    }
  }

  const Type* build(const Pat& p) {
    auto num = [&](const Num& n) { return n.var < 0 ? n.lit : b_[static_cast<size_t>(n.var)].num; };
    auto kid = [&]() -> const Type* { return p.kids.empty() ? nullptr : build(p.kids[0]); };
    switch (p.kind) {
      case PK::Var: return b_[static_cast<size_t>(p.var)].type;
      case PK::Scalar: return scalarType(types_, p.scalar);
      case PK::Vec: {
        const Type* e = kid();
        return e && e->isScalar() ? types_.vec(num(p.a), e) : nullptr;
      }
      case PK::Mat: {
        const Type* e = kid();
        return e && e->isScalar() ? types_.mat(num(p.a), num(p.b), e) : nullptr;
      }
      case PK::Ptr: {
        const Type* e = kid();
        if (!e) return nullptr;
        AddressSpace as = p.space ? *p.space : b_[static_cast<size_t>(p.space_var)].space;
        AccessMode am = p.access ? *p.access : b_[static_cast<size_t>(p.access_var)].access;
        return types_.ptr(as, e, am);
      }
      case PK::Atomic: {
        const Type* e = kid();
        return e ? types_.atomic(e) : nullptr;
      }
      case PK::RuntimeArray: {
        const Type* e = kid();
        return e ? types_.runtimeArray(e) : nullptr;
      }
      case PK::CountArray: {
        const Type* e = kid();
        return e ? types_.array(e, static_cast<uint32_t>(args_.size())) : nullptr;
      }
      case PK::Texture: {
        // Spelled the way the resolver creates texture types.
        switch (p.tex_kind) {
          case TextureKind::Sampled:
          case TextureKind::Multisampled: return types_.texture(p.tex_kind, p.tex_dim, kid());
          case TextureKind::Depth:
          case TextureKind::DepthMultisampled: return types_.texture(p.tex_kind, p.tex_dim, types_.f32());
          case TextureKind::External: return types_.texture(p.tex_kind, p.tex_dim, nullptr);
          case TextureKind::Storage: {
            AccessMode am = p.access ? *p.access : b_[static_cast<size_t>(p.access_var)].access;
            return types_.texture(p.tex_kind, p.tex_dim, nullptr, b_[static_cast<size_t>(p.format_var)].format, am);
          }
        }
        return nullptr;
      }
      case PK::Sampler: return types_.sampler(false);
      case PK::SamplerCmp: return types_.sampler(true);
      case PK::Buffer: return types_.buffer(std::nullopt);
      case PK::SizedBuffer: return types_.buffer(b_[static_cast<size_t>(p.var)].num);
      case PK::ScalarOf: {
        const Type* e = kid();
        return e ? e->scalarOf() : nullptr;
      }
      case PK::Texel: return texelChannelType(types_, b_[static_cast<size_t>(p.var)].format);
      case PK::FrexpResult: return frexpResult(types_, kid());
      case PK::ModfResult: return modfResult(types_, kid());
      case PK::CmpXchgResult: return cmpXchgResult(types_, kid());
    }
    return nullptr;
  }

  void enumerate(size_t v, std::vector<Candidate>& out) {
    if (v == o_.vars.size()) {
      instantiate(out);
      return;
    }
    if (domains_[v].empty()) {
      enumerate(v + 1, out);
      return;
    }
    for (const Value& val : domains_[v]) {
      b_[v] = val;
      enumerate(v + 1, out);
    }
    b_[v] = Value{};
  }

  void instantiate(std::vector<Candidate>& out) {
    for (const Rel& r : o_.rels) {
      const Value& a = b_[static_cast<size_t>(r.a)];
      const Value& b = b_[static_cast<size_t>(r.b)];
      if (!a.type || !b.type) return;
      if (r.distinct ? a.type == b.type : a.type->isAbstract() != b.type->isAbstract()) return;
    }
    Candidate c;
    c.overload = &o_;
    for (size_t i = 0; i < params_.size(); ++i) {
      const Type* param = nullptr;
      int rank = 0;
      if (isRigid(params_[i])) {
        param = converted_[i] ? build(params_[i]) : args_[i];
        rank = converted_[i] ? 1 : 0;
      } else {
        param = build(params_[i]);
        if (!param) return;
        auto r = conversionRank(args_[i], param);
        if (!r) return;
        rank = *r;
      }
      if (!param) return;
      c.params.push_back(param);
      c.ranks.push_back(rank);
      c.needs_f16 = c.needs_f16 || containsF16(param);
    }
    if (o_.has_result) {
      c.result = build(o_.result);
      if (!c.result) return;
    } else {
      c.result = types_.voidType();
    }
    c.needs_f16 = c.needs_f16 || containsF16(c.result);
    for (const Type* t : templ_) c.needs_f16 = c.needs_f16 || containsF16(t);
    out.push_back(std::move(c));
  }

  TypeTable& types_;
  const Overload& o_;
  const std::vector<const Type*>& templ_;
  const std::vector<const Type*>& args_;
  Binding b_;
  std::vector<std::vector<const Type*>> cands_;  // conversion targets for predicate variables
  std::vector<Pat> params_;
  std::vector<bool> converted_;
  std::vector<std::vector<Value>> domains_;
};

// ---------------------------------------------------------------------------------------------
// Messages.

std::string typeList(const std::vector<const Type*>& ts) {
  std::string out;
  for (size_t i = 0; i < ts.size(); ++i) out += (i ? ", " : "") + ts[i]->name();
  return out;
}

std::string callName(const std::string& name, const std::vector<const Type*>& templ) {
  return templ.empty() ? name : fmt::format("{}<{}>", name, typeList(templ));
}

std::string argumentsPhrase(const std::vector<const Type*>& args) {
  return args.empty() ? "no arguments" : fmt::format("arguments ({})", typeList(args));
}

std::string formsPhrase(const Family& fam) {
  if (fam.forms.size() == 1) return "the only overload is " + fam.forms[0];
  std::string out = "the overloads are ";
  for (size_t i = 0; i < fam.forms.size(); ++i) out += (i ? "; " : "") + fam.forms[i];
  return out;
}

std::string candidateText(const std::string& name, const Candidate& c) {
  std::string s = fmt::format("{}({})", name, typeList(c.params));
  if (c.result && c.result->kind != TypeKind::Void) s += " -> " + c.result->name();
  return s;
}

bool preferred(const Candidate& a, const Candidate& b) {
  bool strictly = false;
  for (size_t i = 0; i < a.ranks.size(); ++i) {
    if (a.ranks[i] > b.ranks[i]) return false;
    if (a.ranks[i] < b.ranks[i]) strictly = true;
  }
  return strictly;
}

}  // namespace

bool isBuiltinCallName(const std::string& name) { return table().families.count(name) != 0; }

BuiltinMatch matchBuiltin(TypeTable& types, const std::string& name, const std::vector<const Type*>& template_types,
                          const std::vector<const Type*>& args, const std::set<std::string>& extensions,
                          const std::vector<bool>& const_args) {
  BuiltinMatch m;
  const Table& t = table();
  auto it = t.families.find(name);
  if (it == t.families.end()) {
    m.error = fmt::format("'{}' is not a built-in function", name);
    return m;
  }
  const Family& fam = it->second;
  for (const Type* a : args) {
    if (a == nullptr) {
      m.error = fmt::format("the argument types of '{}' are unknown", name);
      return m;
    }
  }
  for (const Type* a : template_types) {
    if (a == nullptr) {
      m.error = fmt::format("the template arguments of '{}' are unknown", name);
      return m;
    }
  }
  const std::string shown = callName(name, template_types);

  // Function-level extension (subgroup and quad functions). `subgroup_size_control` enables
  // `subgroups` automatically (section "Enable Extensions").
  const std::string& needed = fam.overloads.front().enable;
  if (!needed.empty() && !extensions.count(needed) &&
      !(needed == "subgroups" && extensions.count("subgroup_size_control"))) {
    m.error = fmt::format("'{}' requires 'enable {};'", name, needed);
    return m;
  }
  bool takes_template = false;
  for (const auto& o : fam.overloads) takes_template = takes_template || !o.templ.empty();
  if (!template_types.empty() && !takes_template) {
    m.error = fmt::format("'{}' does not take a template list", name);
    return m;
  }

  std::vector<Candidate> all;
  for (const auto& o : fam.overloads) Matcher(types, o, template_types, args).run(all);

  const bool f16 = extensions.count("f16") != 0;
  std::vector<Candidate> cands;
  for (auto& c : all) {
    if (c.needs_f16 && !f16) continue;
    // The same type rule reached twice (e.g. a table line whose alternatives overlap) is one
    // candidate.
    bool dup = false;
    for (const auto& d : cands) dup = dup || (d.params == c.params && d.result == c.result);
    if (!dup) cands.push_back(std::move(c));
  }
  // Step 2 of "Overload Resolution": "Eliminate any candidate where one of its subexpressions
  // resolves to an abstract type after feasible automatic conversions, but another of the
  // candidate's subexpressions is not a const-expression."
  bool eliminated = false;
  if (const_args.size() == args.size()) {
    std::vector<Candidate> kept;
    // Another argument than i is not const: more than one non-const argument, or one that is
    // not i. (Counted once: an array constructor may have 100 000 arguments.)
    size_t nonconst = 0, a_nonconst = 0;
    for (size_t j = 0; j < const_args.size(); ++j) {
      if (!const_args[j]) ++nonconst, a_nonconst = j;
    }
    for (auto& c : cands) {
      bool drop = false;
      for (size_t i = 0; i < c.params.size() && !drop; ++i) {
        if (!c.params[i] || !c.params[i]->isAbstract()) continue;
        drop = nonconst > 1 || (nonconst == 1 && a_nonconst != i);
      }
      if (drop) eliminated = true;
      else kept.push_back(std::move(c));
    }
    cands = std::move(kept);
  }
  if (cands.empty() && eliminated) {
    m.error = fmt::format("no overload of '{}' accepts {} when not all arguments are const-expressions: abstract "
                          "arguments must convert to a concrete type then",
                          shown, argumentsPhrase(args));
    return m;
  }
  if (cands.empty()) {
    if (!all.empty()) {
      m.error = fmt::format("'{}' with {} uses f16, which requires 'enable f16;'", shown, argumentsPhrase(args));
    } else {
      m.error = fmt::format("no overload of '{}' accepts {}; {}", shown, argumentsPhrase(args), formsPhrase(fam));
    }
    return m;
  }

  // Overload resolution: the single candidate preferred over all others.
  const Candidate* best = nullptr;
  for (const auto& c : cands) {
    bool wins = true;
    for (const auto& d : cands) {
      if (&c != &d && !preferred(c, d)) {
        wins = false;
        break;
      }
    }
    if (wins) {
      best = &c;
      break;
    }
  }
  if (!best) {
    // The candidates no other candidate is preferred over.
    std::vector<std::string> tied;
    for (const auto& c : cands) {
      bool dominated = false;
      for (const auto& d : cands) dominated = dominated || (&c != &d && preferred(d, c));
      if (!dominated) tied.push_back(candidateText(name, c));
    }
    m.error = fmt::format("the call of '{}' with {} is ambiguous: no overload is preferable to all others ({})", shown,
                          argumentsPhrase(args), joinOr(tied));
    return m;
  }
  m.ok = true;
  m.fn = fam.fn;
  m.result = best->result;
  m.params = best->params;
  m.is_const = best->overload->is_const;
  m.must_use = best->overload->must_use;
  m.stages = best->overload->stages;
  return m;
}

}  // namespace wgsl::sema
