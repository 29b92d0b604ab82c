// The wording of notes: what each labelled graph node means to a kernel author.
#pragma once

#include <string>

#include "interp/uniformity/graph.h"

namespace wgsl::uniformity {

// Empty for nodes that need no note.
std::string labelText(const Label& label);
// Whether labelText gives a note for this kind.
inline bool hasText(LabelKind k) { return k != LabelKind::None && k != LabelKind::Param && k != LabelKind::ParamContents; }

}  // namespace wgsl::uniformity
