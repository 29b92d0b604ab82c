// Parsing and validation of the run-spec format (docs/run-spec.md).
#include "tools/runspec/run_spec.h"
#include "tools/runspec/run_options.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <cmath>
#include <set>

namespace wgslemu::runspec {

using json = nlohmann::ordered_json;

const BufferSpec* RunSpec::buffer(const std::string& name) const {
  for (const auto& b : buffers)
    if (b.name == name) return &b;
  return nullptr;
}

namespace {

std::string folderOf(const std::string& path) {
  auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// Relative to the spec's folder, without "./" and "dir/.." (these paths appear in every
// event location: "corpus/scan.wgsl:120", not "corpus/specs/../scan.wgsl:120").
std::string resolvePath(const std::string& folder, const std::string& p) {
  if (p.empty()) return p;
  const std::string joined = p[0] == '/' ? p : folder + "/" + p;
  namespace fs = std::filesystem;
  const fs::path normal = fs::path(joined).lexically_normal();
  // Only when it names the same file (a ".." after a symbolic link may not), or for a file to be
  // written, the same folder.
  std::error_code ec;
  const bool same = fs::exists(joined, ec) ? fs::equivalent(joined, normal, ec)
                                           : fs::equivalent(fs::path(joined).parent_path(), normal.parent_path(), ec);
  return same && !ec && !normal.empty() ? normal.string() : joined;
}

// Line and column (1-based) of byte offset `pos` in `text`.
std::pair<size_t, size_t> lineColumn(const std::string& text, size_t pos) {
  size_t line = 1, col = 1;
  for (size_t i = 0; i < pos && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      col = 1;
    } else if ((static_cast<unsigned char>(text[i]) & 0xc0) != 0x80) {
      ++col;
    }
  }
  return {line, col};
}

class Parser {
 public:
  Parser(const std::string& path, std::string& error) : error_(error) {
    spec_.path = path;
    spec_.folder = folderOf(path);
  }

  std::optional<RunSpec> run(const json& root) {
    if (!root.is_object()) return fail("", "the spec must be a JSON object with \"buffers\" and \"passes\"");
    if (!onlyKeys(root, "", {"buffers", "passes", "options"})) return std::nullopt;
    if (root.contains("buffers") && !buffers(root["buffers"])) return std::nullopt;
    if (!root.contains("passes")) return fail("", "missing \"passes\": a spec runs at least one pass");
    if (!passes(root["passes"])) return std::nullopt;
    if (root.contains("options") && !options(root["options"])) return std::nullopt;
    return std::move(spec_);
  }

 private:
  std::nullopt_t fail(const std::string& where, const std::string& what) {
    error_ = where.empty() ? fmt::format("{}: {}", spec_.path, what) : fmt::format("{}: {}: {}", spec_.path, where, what);
    return std::nullopt;
  }

  bool onlyKeys(const json& obj, const std::string& where, std::initializer_list<const char*> allowed) {
    for (auto it = obj.begin(); it != obj.end(); ++it) {
      bool ok = false;
      for (const char* a : allowed) ok = ok || it.key() == a;
      if (!ok) {
        std::string list;
        for (const char* a : allowed) list += fmt::format("{}\"{}\"", list.empty() ? "" : ", ", a);
        fail(where, fmt::format("unknown key \"{}\" (expected {})", it.key(), list));
        return false;
      }
    }
    return true;
  }

  static bool byteCount(const json& v, uint64_t& out) {
    if (!v.is_number_integer() || (v.is_number_integer() && !v.is_number_unsigned() && v.get<int64_t>() < 0)) return false;
    out = v.get<uint64_t>();
    return true;
  }

  bool buffers(const json& j) {
    if (!j.is_object()) return fail("buffers", "expected an object mapping buffer names to buffers"), false;
    for (auto it = j.begin(); it != j.end(); ++it) {
      BufferSpec b;
      b.name = it.key();
      b.where = "buffers." + b.name;
      const json& v = it.value();
      if (b.name.empty()) return fail("buffers", "a buffer name cannot be empty"), false;
      if (!v.is_object()) return fail(b.where, "expected an object with \"size\", \"data\", \"expect\", ..."), false;
      if (!onlyKeys(v, b.where, {"size", "data", "expect", "tolerance", "save"})) return false;
      if (v.contains("size")) {
        uint64_t s = 0;
        if (!byteCount(v["size"], s)) return fail(b.where + ".size", "expected a byte count (a non-negative integer)"), false;
        b.size = s;
      }
      std::string err;
      if (v.contains("data")) {
        b.data = parseData(v["data"], b.where + ".data", spec_.folder, err);
        if (!b.data) return fail("", err), false;
      }
      if (v.contains("expect")) {
        b.expect = parseData(v["expect"], b.where + ".expect", spec_.folder, err);
        if (!b.expect) return fail("", err), false;
      }
      if (v.contains("tolerance") && !tolerance(v["tolerance"], b)) return false;
      if (v.contains("save")) {
        if (!v["save"].is_string() || v["save"].get<std::string>().empty()) {
          return fail(b.where + ".save", "expected a file path (a string)"), false;
        }
        b.save = resolvePath(spec_.folder, v["save"].get<std::string>());
      }
      if (!b.size && !b.data) return fail(b.where, "give \"size\" or \"data\" (or both)"), false;
      if (b.size && b.data && b.data->bytes > *b.size) {
        return fail(b.where + ".data", fmt::format("{} bytes of data do not fit in the buffer's size of {} bytes",
                                                   b.data->bytes, *b.size)),
               false;
      }
      const uint64_t size = b.size ? *b.size : b.data->bytes;
      if (b.expect && b.expect->bytes > size) {
        return fail(b.where + ".expect", fmt::format("{} bytes expected, but the buffer has only {} bytes",
                                                     b.expect->bytes, size)),
               false;
      }
      if (b.tolerance && (!b.expect || (b.expect->type != ElemType::F32 && b.expect->type != ElemType::F16) ||
                          b.expect->kind == DataSpec::File || b.expect->kind == DataSpec::Zero)) {
        return fail(b.where + ".tolerance", "a tolerance only applies to an \"expect\" of f32 or f16 values"), false;
      }
      spec_.buffers.push_back(std::move(b));
    }
    return true;
  }

  bool tolerance(const json& t, BufferSpec& b) {
    const std::string where = b.where + ".tolerance";
    Tolerance tol;
    if (!t.is_object() || t.empty()) return fail(where, "expected {\"ulps\": N} or {\"abs\": X, \"rel\": Y}"), false;
    if (t.contains("ulps")) {
      if (t.size() != 1) return fail(where, "\"ulps\" cannot be combined with \"abs\"/\"rel\""), false;
      uint64_t u = 0;
      if (!byteCount(t["ulps"], u)) return fail(where + ".ulps", "expected a non-negative integer"), false;
      tol.kind = Tolerance::Ulps;
      tol.ulps = u;
    } else {
      if (!onlyKeys(t, where, {"abs", "rel"})) return false;
      tol.kind = Tolerance::AbsRel;
      for (const char* k : {"abs", "rel"}) {
        if (!t.contains(k)) continue;
        const json& x = t[k];
        if (!x.is_number() || x.get<double>() < 0 || !std::isfinite(x.get<double>())) {
          return fail(where + "." + k, "expected a non-negative number"), false;
        }
        (std::string(k) == "abs" ? tol.abs : tol.rel) = x.get<double>();
      }
    }
    b.tolerance = tol;
    return true;
  }

  bool passes(const json& j) {
    if (!j.is_array() || j.empty()) return fail("passes", "expected a non-empty array of passes"), false;
    for (size_t i = 0; i < j.size(); ++i) {
      PassSpec p;
      p.where = fmt::format("passes[{}]", i);
      const json& v = j[i];
      if (!v.is_object()) return fail(p.where, "expected an object"), false;
      if (!onlyKeys(v, p.where, {"shader", "source", "entry", "overrides", "dispatch", "dispatch_indirect", "bind"})) {
        return false;
      }
      const bool has_shader = v.contains("shader"), has_source = v.contains("source");
      if (has_shader == has_source) return fail(p.where, "give exactly one of \"shader\" (a path) and \"source\""), false;
      if (has_shader) {
        if (!v["shader"].is_string() || v["shader"].get<std::string>().empty()) {
          return fail(p.where + ".shader", "expected a path to a .wgsl file"), false;
        }
        p.shader_path = resolvePath(spec_.folder, v["shader"].get<std::string>());
      } else {
        if (!v["source"].is_string()) return fail(p.where + ".source", "expected WGSL text (a string)"), false;
        p.source = v["source"].get<std::string>();
      }
      if (v.contains("entry")) {
        if (!v["entry"].is_string() || v["entry"].get<std::string>().empty()) {
          return fail(p.where + ".entry", "expected an entry point name"), false;
        }
        p.entry = v["entry"].get<std::string>();
      }
      if (v.contains("overrides")) {
        const json& o = v["overrides"];
        if (!o.is_object()) return fail(p.where + ".overrides", "expected an object {\"NAME_OR_ID\": NUMBER}"), false;
        for (auto it = o.begin(); it != o.end(); ++it) {
          OverrideValue ov;
          ov.key = it.key();
          if (it.value().is_boolean()) {
            ov.is_bool = true;
            ov.value = it.value().get<bool>() ? 1 : 0;
          } else if (it.value().is_number()) {
            ov.value = it.value().get<double>();
          } else {
            return fail(p.where + ".overrides." + ov.key, "expected a number or a boolean"), false;
          }
          p.overrides.push_back(ov);
        }
      }
      const bool direct = v.contains("dispatch"), indirect = v.contains("dispatch_indirect");
      if (direct == indirect) {
        return fail(p.where, "give exactly one of \"dispatch\": [X, Y, Z] and \"dispatch_indirect\""), false;
      }
      if (direct) {
        const json& d = v["dispatch"];
        if (!d.is_array() || d.empty() || d.size() > 3) {
          return fail(p.where + ".dispatch", "expected [X, Y, Z] (workgroup counts; Y and Z default to 1)"), false;
        }
        std::array<uint32_t, 3> n{1, 1, 1};
        for (size_t k = 0; k < d.size(); ++k) {
          uint64_t c = 0;
          if (!byteCount(d[k], c) || c > 0xffffffffu) {
            return fail(fmt::format("{}.dispatch[{}]", p.where, k), "expected a workgroup count (a non-negative integer)"),
                   false;
          }
          n[k] = static_cast<uint32_t>(c);
        }
        p.dispatch = n;
      } else {
        const json& d = v["dispatch_indirect"];
        const std::string w = p.where + ".dispatch_indirect";
        if (!d.is_object() || !d.contains("buffer")) {
          return fail(w, "expected {\"buffer\": NAME, \"offset\": BYTES}"), false;
        }
        if (!onlyKeys(d, w, {"buffer", "offset"})) return false;
        PassSpec::Indirect ind;
        if (!d["buffer"].is_string()) return fail(w + ".buffer", "expected a buffer name"), false;
        ind.buffer = d["buffer"].get<std::string>();
        if (d.contains("offset") && !byteCount(d["offset"], ind.offset)) {
          return fail(w + ".offset", "expected a byte offset (a non-negative integer)"), false;
        }
        if (ind.offset % 4 != 0) return fail(w + ".offset", "the offset must be a multiple of 4"), false;
        if (!spec_.buffer(ind.buffer)) return fail(w + ".buffer", unknownBuffer(ind.buffer)), false;
        p.dispatch_indirect = ind;
      }
      if (v.contains("bind")) {
        const json& b = v["bind"];
        if (!b.is_object()) return fail(p.where + ".bind", "expected an object {\"GROUP:BINDING\": BUFFER}"), false;
        for (auto it = b.begin(); it != b.end(); ++it) {
          const std::string w = p.where + ".bind." + it.key();
          PassSpec::Bind bind;
          if (!slot(it.key(), bind.group, bind.binding)) {
            return fail(w, fmt::format("\"{}\" is not a slot: write \"GROUP:BINDING\", e.g. \"0:1\"", it.key())), false;
          }
          if (!it.value().is_string()) return fail(w, "expected a buffer name"), false;
          bind.buffer = it.value().get<std::string>();
          if (!spec_.buffer(bind.buffer)) return fail(w, unknownBuffer(bind.buffer)), false;
          p.binds.push_back(bind);
        }
      }
      spec_.passes.push_back(std::move(p));
    }
    return true;
  }

  std::string unknownBuffer(const std::string& name) {
    std::string list;
    for (const auto& b : spec_.buffers) list += (list.empty() ? "" : ", ") + b.name;
    return fmt::format("unknown buffer '{}' ({})", name,
                       list.empty() ? "the spec declares no buffers" : "the buffers are: " + list);
  }

  static bool slot(const std::string& s, uint32_t& group, uint32_t& binding) {
    auto colon = s.find(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == s.size()) return false;
    auto num = [](const std::string& t, uint32_t& out) {
      if (t.empty() || t.size() > 9 || t.find_first_not_of("0123456789") != std::string::npos) return false;
      out = static_cast<uint32_t>(std::stoul(t));
      return true;
    };
    return num(s.substr(0, colon), group) && num(s.substr(colon + 1), binding);
  }

  bool options(const json& o) {
    if (!o.is_object()) return fail("options", "expected an object {\"OPTION\": VALUE}"), false;
    for (auto it = o.begin(); it != o.end(); ++it) {
      std::string name = it.key();
      std::replace(name.begin(), name.end(), '_', '-');
      if (!findRunOption(name))
        return fail("options." + it.key(), fmt::format("unknown option (the options are: {})", runOptionNames())), false;
      const json& v = it.value();
      if (v.is_string()) spec_.options[name] = v.get<std::string>();
      else if (v.is_number_integer() || v.is_number_unsigned()) spec_.options[name] = v.dump();
      else if (v.is_boolean()) spec_.options[name] = v.get<bool>() ? "true" : "false";
      else if (v.is_array() && findRunOption(name)->repeatable) {  // repeatable options as a list
        std::string joined;
        for (const json& x : v) {
          if (!x.is_string()) return fail("options." + it.key(), "expected a list of strings"), false;
          joined += (joined.empty() ? "" : "\n") + x.get<std::string>();
        }
        spec_.options[name] = joined;
      }
      else return fail("options." + it.key(), "expected a number or a string"), false;
    }
    return true;
  }

  RunSpec spec_;
  std::string& error_;
};

}  // namespace

std::optional<RunSpec> parseRunSpec(const std::string& text, const std::string& path, std::string& error) {
  json root;
  try {
    root = json::parse(text);
  } catch (const json::parse_error& e) {
    auto [line, col] = lineColumn(text, e.byte > 0 ? e.byte - 1 : 0);
    std::string what = e.what();
    // nlohmann's message: "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error while
    // parsing value - invalid literal; last read: 'x'" -> keep the part after "parse error ...: ".
    auto p = what.find(": ", what.find("parse error"));
    if (p != std::string::npos) what = what.substr(p + 2);
    error = fmt::format("{}:{}:{}: malformed JSON: {}", path, line, col, what);
    return std::nullopt;
  } catch (const json::out_of_range& e) {
    // A number too large for a double ("1e400"): nlohmann names the number but not its place.
    std::string what = e.what();
    const size_t q = what.find('\'');
    const size_t q2 = q == std::string::npos ? q : what.find('\'', q + 1);
    const std::string number = q2 == std::string::npos ? std::string() : what.substr(q + 1, q2 - q - 1);
    const size_t at = number.empty() ? std::string::npos : text.find(number);
    auto [line, col] = lineColumn(text, at == std::string::npos ? 0 : at);
    error = fmt::format("{}:{}:{}: malformed JSON: the number {} is out of range (numbers must fit a 64-bit float)",
                        path, line, col, number.empty() ? "here" : number);
    return std::nullopt;
  }
  return Parser(path, error).run(root);
}

}  // namespace wgslemu::runspec
