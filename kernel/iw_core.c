// SPDX-License-Identifier: MIT
/* iw_core.c: the one translation unit of the module that holds the implementation of the
 * project's headers (IWARP_IMPLEMENTATION), compiled as kernel C. */
#define IWARP_IMPLEMENTATION
#include "iw_kernel.h"
