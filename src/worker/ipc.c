#include "worker/ipc.h"

#include <errno.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- decoding ----
 * The launcher reads a few messages per test from each worker; json_loadb spent ~27 k
 * instructions on each. This reader builds the same jansson values for the JSON that
 * ipc_encode writes (and any other JSON), about three times faster: no stream
 * abstraction, and strings the worker took from jansson are known to be UTF-8, so they
 * are not checked again. Anything malformed makes the whole line invalid. */

typedef struct {
  const char *p, *end;
  sbuf_t text; /* the current string, unescaped */
  int depth;
} ipc_parser_t;

#define IPC_MAX_DEPTH 64

static void skip_space(ipc_parser_t *ps) {
  while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\r' || *ps->p == '\n'))
    ps->p++;
}

static int hex4(const char *p) {
  int v = 0;
  for (int i = 0; i < 4; i++) {
    char c = p[i];
    v <<= 4;
    if (c >= '0' && c <= '9') v |= c - '0';
    else if (c >= 'a' && c <= 'f') v |= c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') v |= c - 'A' + 10;
    else return -1;
  }
  return v;
}

static void put_utf8(sbuf_t *b, uint32_t cp) {
  char u[4];
  size_t n;
  if (cp < 0x80) u[0] = (char)cp, n = 1;
  else if (cp < 0x800) u[0] = (char)(0xC0 | cp >> 6), u[1] = (char)(0x80 | (cp & 0x3F)), n = 2;
  else if (cp < 0x10000)
    u[0] = (char)(0xE0 | cp >> 12), u[1] = (char)(0x80 | ((cp >> 6) & 0x3F)),
    u[2] = (char)(0x80 | (cp & 0x3F)), n = 3;
  else
    u[0] = (char)(0xF0 | cp >> 18), u[1] = (char)(0x80 | ((cp >> 12) & 0x3F)),
    u[2] = (char)(0x80 | ((cp >> 6) & 0x3F)), u[3] = (char)(0x80 | (cp & 0x3F)), n = 4;
  sbuf_append(b, u, n);
}

/* A string at ps->p (after its opening quote) into ps->text; false when malformed. */
static bool parse_string(ipc_parser_t *ps) {
  sbuf_reset(&ps->text);
  const char *run = ps->p;
  while (ps->p < ps->end) {
    unsigned char c = (unsigned char)*ps->p;
    if (c == '"') {
      sbuf_append(&ps->text, run, (size_t)(ps->p - run));
      ps->p++;
      return true;
    }
    if (c < 0x20) return false;
    if (c != '\\') {
      ps->p++;
      continue;
    }
    sbuf_append(&ps->text, run, (size_t)(ps->p - run));
    if (ps->end - ps->p < 2) return false;
    char e = ps->p[1];
    ps->p += 2;
    switch (e) {
    case '"': sbuf_putc(&ps->text, '"'); break;
    case '\\': sbuf_putc(&ps->text, '\\'); break;
    case '/': sbuf_putc(&ps->text, '/'); break;
    case 'b': sbuf_putc(&ps->text, '\b'); break;
    case 'f': sbuf_putc(&ps->text, '\f'); break;
    case 'n': sbuf_putc(&ps->text, '\n'); break;
    case 'r': sbuf_putc(&ps->text, '\r'); break;
    case 't': sbuf_putc(&ps->text, '\t'); break;
    case 'u': {
      int cp = ps->end - ps->p >= 4 ? hex4(ps->p) : -1;
      if (cp < 0) return false;
      ps->p += 4;
      if (cp >= 0xD800 && cp <= 0xDBFF) {
        bool pair = ps->end - ps->p >= 6 && ps->p[0] == '\\' && ps->p[1] == 'u';
        int lo = pair ? hex4(ps->p + 2) : -1;
        if (lo < 0xDC00 || lo > 0xDFFF) return false;
        ps->p += 6;
        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
      } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
        return false;
      }
      put_utf8(&ps->text, (uint32_t)cp);
      break;
    }
    default: return false;
    }
    run = ps->p;
  }
  return false;
}

static json_t *parse_value(ipc_parser_t *ps);

static json_t *parse_number(ipc_parser_t *ps) {
  const char *start = ps->p;
  bool real = false;
  if (ps->p < ps->end && *ps->p == '-') ps->p++;
  if (ps->p >= ps->end || *ps->p < '0' || *ps->p > '9') return NULL;
  while (ps->p < ps->end) {
    char c = *ps->p;
    if (c == '.' || c == 'e' || c == 'E') real = true;
    else if (!((c >= '0' && c <= '9') || c == '+' || c == '-')) break;
    ps->p++;
  }
  char buf[64];
  size_t n = (size_t)(ps->p - start);
  if (n >= sizeof(buf)) return NULL;
  memcpy(buf, start, n);
  buf[n] = '\0';
  char *stop;
  errno = 0;
  if (real) {
    double d = strtod(buf, &stop);
    return *stop || errno == ERANGE ? NULL : json_real(d);
  }
  long long i = strtoll(buf, &stop, 10);
  return *stop || errno == ERANGE ? NULL : json_integer((json_int_t)i);
}

static bool literal(ipc_parser_t *ps, const char *word, size_t n) {
  if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0) return false;
  ps->p += n;
  return true;
}

/* `close` right away (an empty container; consumed): true. */
static bool closes_at_once(ipc_parser_t *ps, char close) {
  skip_space(ps);
  if (ps->p >= ps->end || *ps->p != close) return false;
  ps->p++;
  return true;
}

/* After an item: 1 when ',' says another follows, 0 at `close`, -1 for anything else. */
static int after_item(ipc_parser_t *ps, char close) {
  skip_space(ps);
  if (ps->p >= ps->end || (*ps->p != ',' && *ps->p != close)) return -1;
  return *ps->p++ == ',' ? 1 : 0;
}

static json_t *parse_object(ipc_parser_t *ps) {
  json_t *obj = json_object();
  if (closes_at_once(ps, '}')) return obj;
  for (;;) {
    skip_space(ps);
    if (ps->p >= ps->end || *ps->p != '"') break;
    ps->p++;
    if (!parse_string(ps)) break;
    char *key = xstrndup(ps->text.data ? ps->text.data : "", ps->text.len);
    size_t key_len = ps->text.len;
    skip_space(ps);
    json_t *v = NULL;
    if (ps->p < ps->end && *ps->p == ':') {
      ps->p++;
      v = parse_value(ps);
    }
    bool stored = v && json_object_setn_new_nocheck(obj, key, key_len, v) == 0;
    free(key);
    int next = stored ? after_item(ps, '}') : -1;
    if (next == 0) return obj;
    if (next < 0) break;
  }
  json_decref(obj);
  return NULL;
}

static json_t *parse_array(ipc_parser_t *ps) {
  json_t *arr = json_array();
  if (closes_at_once(ps, ']')) return arr;
  for (;;) {
    json_t *v = parse_value(ps);
    int next = v && json_array_append_new(arr, v) == 0 ? after_item(ps, ']') : -1;
    if (next == 0) return arr;
    if (next < 0) break;
  }
  json_decref(arr);
  return NULL;
}

static json_t *parse_value(ipc_parser_t *ps) {
  skip_space(ps);
  if (ps->p >= ps->end || ps->depth >= IPC_MAX_DEPTH) return NULL;
  json_t *v = NULL;
  switch (*ps->p) {
  case '{':
  case '[': {
    bool object = *ps->p == '{';
    ps->p++;
    ps->depth++;
    v = object ? parse_object(ps) : parse_array(ps);
    ps->depth--;
    return v;
  }
  case '"':
    ps->p++;
    return parse_string(ps) ? json_stringn_nocheck(ps->text.data ? ps->text.data : "", ps->text.len)
                            : NULL;
  case 't': return literal(ps, "true", 4) ? json_true() : NULL;
  case 'f': return literal(ps, "false", 5) ? json_false() : NULL;
  case 'n': return literal(ps, "null", 4) ? json_null() : NULL;
  default: return parse_number(ps);
  }
}

json_t *ipc_decode(const char *line, size_t n) {
  ipc_parser_t ps = {line, line + n, SBUF_INIT, 0};
  json_t *v = parse_value(&ps);
  skip_space(&ps);
  if (v && ps.p != ps.end) {
    json_decref(v);
    v = NULL;
  }
  sbuf_free(&ps.text);
  return v;
}

static int handle_line(const char *line, size_t n, ipc_message_fn fn, void *ud) {
  if (n == 0) return 0;
  json_t *msg = ipc_decode(line, n);
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

void ipc_reader_free(ipc_reader_t *r) { sbuf_free(&r->partial); }

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
      /* The key's whole length: a key holding a NUL (the reader keeps those) must not be
         * cut (found by fuzz_ipc). */
      encode_string(out, json_object_iter_key(it), json_object_iter_key_len(it));
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
  case JSON_STRING: encode_string(out, json_string_value(v), json_string_length(v)); break;
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
