// SPDX-License-Identifier: MIT
/* iw_rping_core.c: the headers' implementation for iwarp_rping.ko (an object file cannot be
 * linked into two modules of one Kbuild, so this one includes iw_core.c). */
#include "iw_core.c"
