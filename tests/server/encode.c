/* sonde-testserver: gzip (RFC 1952), zlib/"deflate" (RFC 1950) and brotli (RFC 7932)
 * encodings of a body, built from stored (uncompressed) blocks. The server links no
 * compression library; a decoder cannot tell these streams from compressed ones, which is
 * all a test of the client's decoding needs.
 *
 * Memory: every encoder returns a malloc'd buffer the caller frees. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"

/* Stored deflate blocks hold at most 65535 bytes. */
#define ENC_STORED_MAX 65535u

static uint32_t enc_crc32(const unsigned char *p, size_t n) {
  uint32_t crc = 0xFFFFFFFFu;
  for (size_t i = 0; i < n; i++) {
    crc ^= p[i];
    for (int k = 0; k < 8; k++) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return crc ^ 0xFFFFFFFFu;
}

static uint32_t enc_adler32(const unsigned char *p, size_t n) {
  uint32_t a = 1, b = 0;
  for (size_t i = 0; i < n; i++) {
    a = (a + p[i]) % 65521u;
    b = (b + a) % 65521u;
  }
  return (b << 16) | a;
}

/* Raw deflate (RFC 1951) of stored blocks; writes at `out`, returns the bytes written.
 * Room needed: len + 5 per block (+5 for an empty input). */
static size_t enc_stored_blocks(const char *data, size_t len, unsigned char *out) {
  size_t o = 0, off = 0;
  do {
    size_t n = len - off > ENC_STORED_MAX ? ENC_STORED_MAX : len - off;
    bool last = off + n == len;
    out[o++] = last ? 0x01 : 0x00; /* BFINAL, BTYPE=00 (stored), padded to the byte */
    out[o++] = (unsigned char)(n & 0xFF);
    out[o++] = (unsigned char)(n >> 8);
    out[o++] = (unsigned char)(~n & 0xFF);
    out[o++] = (unsigned char)((~n >> 8) & 0xFF);
    memcpy(out + o, data + off, n);
    o += n;
    off += n;
  } while (off < len);
  return o;
}

static size_t enc_stored_room(size_t len) { return len + 5 * (len / ENC_STORED_MAX + 1); }

static void enc_put32le(unsigned char *p, uint32_t v) {
  for (int i = 0; i < 4; i++) p[i] = (unsigned char)(v >> (8 * i));
}

char *srv_encode_gzip(const char *data, size_t len, size_t *out_len) {
  unsigned char *out = srv_xmalloc(10 + enc_stored_room(len) + 8);
  static const unsigned char header[10] = {0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff};
  memcpy(out, header, sizeof header);
  size_t o = 10 + enc_stored_blocks(data, len, out + 10);
  enc_put32le(out + o, enc_crc32((const unsigned char *)data, len));
  enc_put32le(out + o + 4, (uint32_t)len);
  *out_len = o + 8;
  return (char *)out;
}

char *srv_encode_deflate(const char *data, size_t len, size_t *out_len) {
  unsigned char *out = srv_xmalloc(2 + enc_stored_room(len) + 4);
  out[0] = 0x78; /* CM=8 (deflate), 32 KiB window */
  out[1] = 0x01; /* no dictionary, fastest level; (0x78 << 8 | 0x01) % 31 == 0 */
  size_t o = 2 + enc_stored_blocks(data, len, out + 2);
  uint32_t a = enc_adler32((const unsigned char *)data, len);
  for (int i = 0; i < 4; i++) out[o + (size_t)i] = (unsigned char)(a >> (24 - 8 * i));
  *out_len = o + 4;
  return (char *)out;
}

/* Brotli: WBITS=16 (one 0 bit), then uncompressed meta-blocks of at most 65536 bytes
 * (ISLAST=0, MNIBBLES=4, MLEN-1 in 16 bits, ISUNCOMPRESSED=1, padding to the byte), then an
 * empty last meta-block (ISLAST=1, ISLASTEMPTY=1). Bits are packed from the low end. */
char *srv_encode_br(const char *data, size_t len, size_t *out_len) {
  unsigned char *out = srv_xmalloc(len + 3 * (len / 65536 + 1) + 2);
  size_t o = 0, off = 0;
  bool first = true;
  while (off < len) {
    size_t n = len - off > 65536 ? 65536 : len - off;
    uint32_t m = (uint32_t)(n - 1);
    /* Bit 0 of the stream is WBITS; later headers start at bit 0 of their own byte, so
     * the same fields sit one bit lower there. */
    uint32_t bits = first ? (0u << 0) | (0u << 1) | (0u << 2) | (m << 4) | (1u << 20)
                          : (0u << 0) | (0u << 1) | (m << 3) | (1u << 19);
    out[o++] = (unsigned char)(bits & 0xFF);
    out[o++] = (unsigned char)((bits >> 8) & 0xFF);
    out[o++] = (unsigned char)((bits >> 16) & 0xFF);
    memcpy(out + o, data + off, n);
    o += n;
    off += n;
    first = false;
  }
  /* The last meta-block: ISLAST=1, ISLASTEMPTY=1 (after WBITS when nothing came before). */
  out[o++] = first ? 0x06 : 0x03;
  *out_len = o;
  return (char *)out;
}
