#include "grammar/template_discovery.h"

namespace wgsl {

std::vector<TemplateList> discoverTemplateLists(const std::u32string& text,
                                                const std::vector<TokenSpan>& tokens) {
  return discoverTemplateLists(text, tokens.size(), [&](size_t i) { return tokens[i]; });
}

}  // namespace wgsl
