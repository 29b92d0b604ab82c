// Shader modules: WGSL source from the chained WGPUShaderSourceWGSL, the device's features
// (enable f16 / subgroups), compilation info with line, column, offset and length.
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include "runtime/webgpu/objects.h"

using namespace wgslemu::webgpu;

namespace {

// The extensions named by the module's `enable` directives (which come before any declaration),
// and the language extensions named by its `requires` directives.
struct Directives {
  std::vector<std::string> enabled, required;
};

Directives directiveNames(const std::string& s) {
  Directives out;
  size_t i = 0;
  auto skip = [&]() {
    for (;;) {
      while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
      if (s.compare(i, 2, "//") == 0) {
        while (i < s.size() && s[i] != '\n') ++i;
      } else if (s.compare(i, 2, "/*") == 0) {
        int depth = 0;
        do {
          if (s.compare(i, 2, "/*") == 0) ++depth, i += 2;
          else if (s.compare(i, 2, "*/") == 0) --depth, i += 2;
          else ++i;
        } while (depth > 0 && i < s.size());
      } else {
        return;
      }
    }
  };
  auto word = [&]() {
    skip();
    size_t b = i;
    while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_')) ++i;
    return s.substr(b, i - b);
  };
  for (;;) {
    size_t save = i;
    std::string w = word();
    if (w != "enable" && w != "requires" && w != "diagnostic") {
      i = save;
      break;
    }
    size_t end = s.find(';', i);
    if (end == std::string::npos) break;
    if (w == "enable" || w == "requires") {
      std::string list = s.substr(i, end - i);
      for (char& c : list) {
        if (c == ',') c = ' ';
      }
      std::istringstream in(list);
      std::string name;
      while (in >> name) (w == "enable" ? out.enabled : out.required).push_back(name);
    }
    i = end + 1;
  }
  return out;
}

// UTF-8 byte offset of a 1-based line and code-point column.
uint64_t byteOffset(const std::string& s, uint32_t line, uint32_t column) {
  size_t i = 0;
  for (uint32_t l = 1; l < line && i < s.size(); ++i) {
    if (s[i] == '\n') ++l;
  }
  for (uint32_t c = 1; c < column && i < s.size(); ++c) {
    ++i;
    while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) ++i;
  }
  return i;
}

// "NAME:LINE:COL: error: MESSAGE" (the first line of each diagnostic as `wgslemu check` renders it).
bool parseDiagnosticLine(const std::string& line, std::string& text, WGPUCompilationMessageType& type, uint32_t& ln,
                         uint32_t& col) {
  static const std::pair<const char*, WGPUCompilationMessageType> kinds[] = {
      {": error: ", WGPUCompilationMessageType_Error},
      {": warning: ", WGPUCompilationMessageType_Warning},
      {": note: ", WGPUCompilationMessageType_Info},
      {": info: ", WGPUCompilationMessageType_Info}};
  for (const auto& [marker, t] : kinds) {
    const size_t at = line.find(marker);
    if (at == std::string::npos) continue;
    const std::string where = line.substr(0, at);  // NAME:LINE:COL
    const size_t c2 = where.rfind(':');
    if (c2 == std::string::npos || c2 == 0) return false;
    const size_t c1 = where.rfind(':', c2 - 1);
    if (c1 == std::string::npos) return false;
    const std::string l = where.substr(c1 + 1, c2 - c1 - 1), c = where.substr(c2 + 1);
    if (l.empty() || c.empty() || l.size() > 9 || c.size() > 9 ||
        l.find_first_not_of("0123456789") != std::string::npos || c.find_first_not_of("0123456789") != std::string::npos)
      return false;
    ln = static_cast<uint32_t>(std::stoul(l));
    col = static_cast<uint32_t>(std::stoul(c));
    type = t;
    text = line.substr(at + std::strlen(marker));
    return true;
  }
  return false;
}

}  // namespace

WGPU_API WGPUShaderModule wgpuDeviceCreateShaderModule(WGPUDevice device, WGPUShaderModuleDescriptor const* d) {
  if (!device || !d) {
    validationError(device, "wgpuDeviceCreateShaderModule", "the device or the descriptor is null");
    return nullptr;
  }
  auto* m = new WGPUShaderModuleImpl();
  m->device = device;
  addRefObject(device, "wgpuDeviceCreateShaderModule");
  m->label = toString(d->label);
  const std::string fn = "wgpuDeviceCreateShaderModule(" + m->describe() + ")";
  const WGPUShaderSourceWGSL* wgsl = nullptr;
  for (const WGPUChainedStruct* c = d->nextInChain; c; c = c->next) {
    if (c->sType == WGPUSType_ShaderSourceWGSL && !wgsl) {
      wgsl = reinterpret_cast<const WGPUShaderSourceWGSL*>(c);
    } else if (c->sType == WGPUSType_ShaderSourceSPIRV) {
      m->extra_error = "SPIR-V shader sources are not supported (wgslemu runs WGSL)";
    } else {
      m->extra_error = "unknown or repeated sType " + std::to_string(c->sType) + " in the descriptor's chain";
    }
  }
  if (!wgsl && m->extra_error.empty()) m->extra_error = "no WGPUShaderSourceWGSL in the descriptor's chain";
  if (!m->extra_error.empty()) {
    m->valid = false;
    device->validation(fn + ": " + m->extra_error);
    return m;
  }
  m->source = toString(wgsl->code);
  const std::string name = m->label.empty() ? "shader.wgsl" : m->label;
  m->mod = device->rt->createShaderModule(m->source, name, device->module_options);
  const Directives directives = directiveNames(m->source);
  for (const std::string& ext : directives.enabled) {
    if (ext == "f16" && !device->f16) {
      m->extra_error = "'enable f16;' needs the device feature ShaderF16 (WGPUDeviceDescriptor::requiredFeatures)";
    } else if (ext == "subgroups" && !device->subgroups) {
      m->extra_error = "'enable subgroups;' needs the device feature Subgroups (WGPUDeviceDescriptor::requiredFeatures)";
    } else if (ext == "clip_distances" || ext == "dual_source_blending") {
      // WGSL "Enable Extensions": an extension is available only with its WebGPU feature
      // (ClipDistances, DualSourceBlending), which a wgslemu device never has.
      m->extra_error = "'enable " + ext + ";' needs the device feature " +
                       (ext == "clip_distances" ? "ClipDistances" : "DualSourceBlending") +
                       ", which wgslemu devices do not offer (they execute compute shaders only)";
    }
  }
  for (const std::string& feature : directives.required) {
    if (!wgslLanguageFeatureSupported(feature)) {
      m->extra_error = "'requires " + feature + ";': the language extension is not among the instance's WGSL "
                       "language features (wgpuInstanceGetWGSLLanguageFeatures)";
    }
  }
  if (!m->mod.ok() || !m->extra_error.empty()) {
    m->valid = false;
    std::string why = m->extra_error;
    if (!m->mod.ok()) why = "the WGSL has errors:\n" + m->mod.diagnostics();
    device->validation(fn + ": " + why);
  }
  return m;
}

WGPU_API void wgpuShaderModuleAddRef(WGPUShaderModule m) { addRefObject(m, "wgpuShaderModuleAddRef"); }
WGPU_API void wgpuShaderModuleRelease(WGPUShaderModule m) { releaseObject(m, "wgpuShaderModuleRelease"); }
WGPU_API void wgpuShaderModuleSetLabel(WGPUShaderModule m, WGPUStringView label) {
  if (m) m->label = toString(label);
}

WGPU_API WGPUFuture wgpuShaderModuleGetCompilationInfo(WGPUShaderModule m, WGPUCompilationInfoCallbackInfo info) {
  if (!m) {
    validationError(nullptr, "wgpuShaderModuleGetCompilationInfo", "the shader module is null");
    return WGPUFuture{0};
  }
  // Messages from the diagnostics text: "NAME:LINE:COL: error: MESSAGE" lines.
  struct Msg {
    std::string text;
    WGPUCompilationMessageType type = WGPUCompilationMessageType_Error;
    uint32_t line = 0, column = 0;
  };
  auto msgs = std::make_shared<std::vector<Msg>>();
  if (!m->extra_error.empty()) msgs->push_back({m->extra_error, WGPUCompilationMessageType_Error, 0, 0});
  if (m->mod.errorCount() || !m->mod.diagnostics().empty()) {
    std::istringstream in(m->mod.diagnostics());
    std::string line;
    while (std::getline(in, line)) {
      Msg msg;
      if (parseDiagnosticLine(line, msg.text, msg.type, msg.line, msg.column)) msgs->push_back(msg);
    }
  }
  std::string source = m->source;
  return m->device->instance->add(info.mode, true, [info, msgs, source](bool cancelled) {
    if (!info.callback) return;
    std::vector<WGPUCompilationMessage> out;
    for (const Msg& msg : *msgs) {
      WGPUCompilationMessage c = WGPU_COMPILATION_MESSAGE_INIT;
      c.message = toView(msg.text);
      c.type = msg.type;
      c.lineNum = msg.line;
      c.linePos = 0;
      c.offset = 0;
      if (msg.line) {
        const uint64_t off = byteOffset(source, msg.line, msg.column);
        const uint64_t line_start = byteOffset(source, msg.line, 1);
        c.linePos = off - line_start + 1;
        c.offset = off;
        // The length: the token at the position (to the end of an identifier or number), at least 1.
        uint64_t e = off;
        while (e < source.size() && (std::isalnum(static_cast<unsigned char>(source[e])) || source[e] == '_')) ++e;
        c.length = e > off ? e - off : (off < source.size() ? 1 : 0);
      }
      out.push_back(c);
    }
    WGPUCompilationInfo ci = WGPU_COMPILATION_INFO_INIT;
    ci.messageCount = out.size();
    ci.messages = out.data();
    info.callback(cancelled ? WGPUCompilationInfoRequestStatus_CallbackCancelled : WGPUCompilationInfoRequestStatus_Success,
                  &ci, info.userdata1, info.userdata2);
  });
}
