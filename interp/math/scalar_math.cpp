// Implemented by the math work (see scalar_math.h).
#include "interp/math/scalar_math.h"
