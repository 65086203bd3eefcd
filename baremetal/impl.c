/* impl.c: the one translation unit of the image (and of the host bench) that holds the
 * implementation of the four headers. */
#define IWARP_IMPLEMENTATION
#include "verbs.h"
