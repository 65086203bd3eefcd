/* SPDX-License-Identifier: MIT */
/* cross.c: the freestanding build of every header for Cortex-M4 and RV32 (make test, make size).
 * Built with -DIWARP_IMPLEMENTATION; the object may reference only memcpy, memmove and memset. */
#include "mpa.h"
#include "ddp.h"
#include "rdmap.h"
#include "verbs.h"
