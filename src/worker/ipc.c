#include "worker/ipc.h"

#include <errno.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int handle_line(const char *line, size_t n, ipc_message_fn fn, void *ud) {
  if (n == 0) return 0;
  json_error_t jerr;
  /* A string may hold a NUL (console.log('a\0b')): the message must not be lost for it. */
  json_t *msg = json_loadb(line, n, JSON_ALLOW_NUL, &jerr);
  if (!msg || !json_is_object(msg)) {
    json_decref(msg);
    return 1;
  }
  fn(msg, ud);
  json_decref(msg);
  return 0;
}

int ipc_reader_feed(ipc_reader_t *r, const char *data, size_t len, ipc_message_fn fn, void *ud) {
  int bad = 0;
  const char *p = data, *end = data + len;
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    if (!nl) {
      sbuf_append(&r->partial, p, (size_t)(end - p));
      break;
    }
    if (r->partial.len) {
      sbuf_append(&r->partial, p, (size_t)(nl - p));
      bad += handle_line(r->partial.data, r->partial.len, fn, ud);
      sbuf_reset(&r->partial);
    } else {
      bad += handle_line(p, (size_t)(nl - p), fn, ud);
    }
    p = nl + 1;
  }
  return bad;
}

void ipc_reader_free(ipc_reader_t *r) {
  sbuf_free(&r->partial);
}

/* ---- encoding ----
 * Compact JSON written straight into the caller's buffer: the worker encodes a few events
 * per test, and json_dumps (a callback per fragment, a UTF-8 check of strings jansson has
 * already checked) cost about five times this. Strings in a json_t are valid UTF-8, so
 * bytes from 0x80 up are copied as they are. */

static void encode_string(sbuf_t *out, const char *s, size_t n) {
  static const char hex[] = "0123456789abcdef";
  sbuf_reserve(out, n + 2);
  sbuf_putc(out, '"');
  size_t run = 0; /* bytes since the last escape, copied in one go */
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    sbuf_append(out, s + run, i - run);
    run = i + 1;
    switch (c) {
      case '"': sbuf_puts(out, "\\\""); break;
      case '\\': sbuf_puts(out, "\\\\"); break;
      case '\n': sbuf_puts(out, "\\n"); break;
      case '\r': sbuf_puts(out, "\\r"); break;
      case '\t': sbuf_puts(out, "\\t"); break;
      case '\b': sbuf_puts(out, "\\b"); break;
      case '\f': sbuf_puts(out, "\\f"); break;
      default: {
        char u[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
        sbuf_append(out, u, sizeof(u));
      }
    }
  }
  sbuf_append(out, s + run, n - run);
  sbuf_putc(out, '"');
}

static void encode_value(sbuf_t *out, const json_t *v) {
  char num[32];
  switch (json_typeof(v)) {
    case JSON_OBJECT: {
      sbuf_putc(out, '{');
      bool first = true;
      for (void *it = json_object_iter((json_t *)v); it;
           it = json_object_iter_next((json_t *)v, it)) {
        if (!first) sbuf_putc(out, ',');
        first = false;
        const char *key = json_object_iter_key(it);
        encode_string(out, key, strlen(key));
        sbuf_putc(out, ':');
        encode_value(out, json_object_iter_value(it));
      }
      sbuf_putc(out, '}');
      break;
    }
    case JSON_ARRAY:
      sbuf_putc(out, '[');
      for (size_t i = 0; i < json_array_size(v); i++) {
        if (i) sbuf_putc(out, ',');
        encode_value(out, json_array_get(v, i));
      }
      sbuf_putc(out, ']');
      break;
    case JSON_STRING:
      encode_string(out, json_string_value(v), json_string_length(v));
      break;
    case JSON_INTEGER:
      snprintf(num, sizeof(num), "%" JSON_INTEGER_FORMAT, json_integer_value(v));
      sbuf_puts(out, num);
      break;
    case JSON_REAL: {
      /* As jansson writes reals: 17 significant digits, and a fraction part so that the
       * reader takes it for a real again. sonde never calls setlocale: '.' is the point. */
      snprintf(num, sizeof(num), "%.17g", json_real_value(v));
      sbuf_puts(out, num);
      if (!strpbrk(num, ".eE")) sbuf_puts(out, ".0");
      break;
    }
    case JSON_TRUE: sbuf_puts(out, "true"); break;
    case JSON_FALSE: sbuf_puts(out, "false"); break;
    case JSON_NULL: sbuf_puts(out, "null"); break;
  }
}

void ipc_encode_to(sbuf_t *out, const json_t *msg) {
  encode_value(out, msg);
  sbuf_putc(out, '\n');
}

char *ipc_encode(const json_t *msg, size_t *len) {
  sbuf_t line = SBUF_INIT;
  ipc_encode_to(&line, msg);
  if (len) *len = line.len;
  return sbuf_take(&line);
}

int ipc_write_all(int fd, const char *data, size_t len) {
  size_t off = 0;
  while (off < len) {
    ssize_t w = write(fd, data + off, len - off);
    if (w < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) {
        /* libuv made the fd non-blocking; wait until the launcher drains it. */
        struct pollfd pfd = {.fd = fd, .events = POLLOUT};
        poll(&pfd, 1, -1);
        continue;
      }
      return -1;
    }
    off += (size_t)w;
  }
  return 0;
}

int ipc_write_fd(int fd, const json_t *msg) {
  size_t len;
  char *line = ipc_encode(msg, &len);
  int rc = ipc_write_all(fd, line, len);
  free(line);
  return rc;
}
