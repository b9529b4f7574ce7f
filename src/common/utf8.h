/* utf8: one code point written as UTF-8, for the modules that build text byte by byte
 * (secret masking's decoded forms, the engine's UTF-16 to UTF-8 conversion). Header only;
 * nothing is allocated. */
#ifndef SONDE_COMMON_UTF8_H
#define SONDE_COMMON_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* Writes cp (at most U+10FFFF; a surrogate is written as the three bytes it would take) to
 * out, which has room for 4 bytes, and returns how many it wrote. */
static inline size_t utf8_put(unsigned char *out, uint32_t cp) {
  if (cp < 0x80) {
    out[0] = (unsigned char)cp;
    return 1;
  }
  if (cp < 0x800) {
    out[0] = (unsigned char)(0xC0 | (cp >> 6));
    out[1] = (unsigned char)(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = (unsigned char)(0xE0 | (cp >> 12));
    out[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
    out[2] = (unsigned char)(0x80 | (cp & 0x3F));
    return 3;
  }
  out[0] = (unsigned char)(0xF0 | (cp >> 18));
  out[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
  out[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
  out[3] = (unsigned char)(0x80 | (cp & 0x3F));
  return 4;
}

#endif
