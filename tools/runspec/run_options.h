// The runner's names for the run options, which live in runtime/options: the table
// (option_table.h), the validated values, the option-text parser and the translation to device
// options (run_options.h). Nothing is defined here.
#pragma once

#include "runtime/options/option_table.h"
#include "runtime/options/run_options.h"

namespace wgslemu::runspec {

using wgsl::runtime::options::findRunOption;
using wgsl::runtime::options::parseUnsignedOption;
using wgsl::runtime::options::RunOptionInfo;
using wgsl::runtime::options::runOptionNames;
using wgsl::runtime::options::RunOptions;
using wgsl::runtime::options::runOptionTable;

}  // namespace wgslemu::runspec
