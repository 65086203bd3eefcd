// compile.cpp: every header as C++11 (the declarations sit in extern "C").
#define IWARP_IMPLEMENTATION
#include "mpa.h"

uint32_t compile_check_cpp(const uint8_t *p, size_t n);
uint32_t compile_check_cpp(const uint8_t *p, size_t n)
{
    return iw_mpa_crc32c(0, p, n);
}
