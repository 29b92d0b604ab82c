#include "interp/sema/builtin_eval.h"
