#include "interp/sema/builtins.h"
