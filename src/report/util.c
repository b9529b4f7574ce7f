/* report util: see util.h. */
#include "report/util.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "common/fsutil.h"
#include "common/secret.h"
#include "common/titles.h"
#include "report/events.h"

/* --- text ------------------------------------------------------------------------------ */

#define REPLACEMENT "\xEF\xBF\xBD" /* U+FFFD */

/* Length of the valid UTF-8 sequence at `p` (at most `n` bytes) and its code point; 0 when
 * the bytes are not one (RFC 3629: no overlongs, no surrogates, nothing above U+10FFFF). */
static size_t utf8_decode(const unsigned char *p, size_t n, uint32_t *cp) {
  unsigned char c = p[0];
  if (c < 0x80) {
    *cp = c;
    return 1;
  }
  size_t len;
  uint32_t v, min;
  if (c >= 0xC2 && c <= 0xDF) len = 2, v = c & 0x1F, min = 0x80;
  else if (c >= 0xE0 && c <= 0xEF) len = 3, v = c & 0x0F, min = 0x800;
  else if (c >= 0xF0 && c <= 0xF4) len = 4, v = c & 0x07, min = 0x10000;
  else return 0;
  if (n < len) return 0;
  for (size_t i = 1; i < len; i++) {
    if ((p[i] & 0xC0) != 0x80) return 0;
    v = (v << 6) | (p[i] & 0x3F);
  }
  if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return 0;
  *cp = v;
  return len;
}

static bool xml_allowed(uint32_t cp) {
  if (cp < 0x20) return cp == 0x09 || cp == 0x0A || cp == 0x0D;
  return cp != 0xFFFE && cp != 0xFFFF;
}

/* ESC '[' parameter bytes, intermediate bytes, one final byte (ECMA-48 CSI). */
static size_t ansi_length(const unsigned char *p, size_t n) {
  if (n < 2 || p[0] != 0x1B || p[1] != '[') return 0;
  size_t i = 2;
  while (i < n && p[i] >= 0x30 && p[i] <= 0x3F) i++;
  while (i < n && p[i] >= 0x20 && p[i] <= 0x2F) i++;
  if (i < n && p[i] >= 0x40 && p[i] <= 0x7E) return i + 1;
  return 0;
}

static void put_control_picture(sbuf_t *b, uint32_t cp) {
  uint32_t pic = 0x2400 + cp; /* U+2400..U+241F: the "symbol for" each C0 control */
  char u[3] = {(char)(0xE0 | (pic >> 12)), (char)(0x80 | ((pic >> 6) & 0x3F)),
               (char)(0x80 | (pic & 0x3F))};
  sbuf_append(b, u, 3);
}

char *report_clean_text(const char *s, size_t len, unsigned flags) {
  return report_clean_textn(s, len, flags, NULL);
}

char *report_clean_textn(const char *s, size_t len, unsigned flags, size_t *out_len) {
  sbuf_t b = SBUF_INIT;
  const unsigned char *p = (const unsigned char *)(s ? s : "");
  if (!s) len = 0;
  sbuf_reserve(&b, len);
  sbuf_append(&b, "", 0); /* terminated even when nothing follows */
  size_t i = 0;
  while (i < len) {
    if (flags & REPORT_CLEAN_ANSI) {
      size_t skip = ansi_length(p + i, len - i);
      if (skip) {
        i += skip;
        continue;
      }
    }
    uint32_t cp;
    size_t n = utf8_decode(p + i, len - i, &cp);
    if (n && cp == 0 && (flags & REPORT_CLEAN_KEEP_NUL)) {
      sbuf_append(&b, "", 1);
      i++;
      continue;
    }
    if (n && cp < 0x20 && (cp == 0 || ((flags & REPORT_CLEAN_XML) && !xml_allowed(cp)))) {
      put_control_picture(&b, cp);
      i++;
      continue;
    }
    if (n == 0 || ((flags & REPORT_CLEAN_XML) && !xml_allowed(cp))) {
      sbuf_puts(&b, REPLACEMENT);
      i += n ? n : 1;
      continue;
    }
    sbuf_append(&b, (const char *)p + i, n);
    i += n;
  }
  if (out_len) *out_len = b.len;
  return sbuf_take(&b);
}

json_t *report_json_text(const char *s, size_t len, unsigned flags) {
  size_t n;
  char *clean = report_clean_textn(s, len, flags | REPORT_CLEAN_KEEP_NUL, &n);
  json_t *j = json_stringn(clean, n);
  free(clean);
  return j ? j : json_string("");
}

json_t *report_json_text_of(const json_t *v, unsigned flags) {
  return json_is_string(v) ? report_json_text(json_string_value(v), json_string_length(v), flags)
                           : NULL;
}

static bool has_nul(const json_t *v) {
  if (json_is_string(v)) return memchr(json_string_value(v), '\0', json_string_length(v)) != NULL;
  const char *key;
  size_t i;
  json_t *item;
  if (json_is_object(v)) json_object_foreach((json_t *)v, key, item) if (has_nul(item)) return true;
  if (json_is_array(v)) json_array_foreach(v, i, item) if (has_nul(item)) return true;
  return false;
}

static json_t *visible_copy(const json_t *v) {
  if (json_is_string(v)) {
    sbuf_t b = SBUF_INIT;
    sbuf_append_visible(&b, json_string_value(v), json_string_length(v));
    json_t *s = json_stringn(sbuf_cstr(&b), b.len);
    sbuf_free(&b);
    return s ? s : json_string("");
  }
  const char *key;
  size_t i;
  json_t *item, *out;
  if (json_is_object(v)) {
    out = json_object();
    json_object_foreach((json_t *)v, key, item) json_object_set_new(out, key, visible_copy(item));
    return out;
  }
  if (json_is_array(v)) {
    out = json_array();
    json_array_foreach(v, i, item) json_array_append_new(out, visible_copy(item));
    return out;
  }
  return json_incref((json_t *)v);
}

json_t *report_json_visible(const json_t *v) {
  return has_nul(v) ? visible_copy(v) : json_incref((json_t *)v);
}

char *report_clean_cstr(const char *s, unsigned flags) {
  return report_clean_text(s, s ? strlen(s) : 0, flags);
}

json_t *report_json_clean(const json_t *v) {
  if (json_is_string(v)) return report_json_text_of(v, 0);
  if (json_is_array(v)) {
    json_t *out = json_array();
    size_t i;
    json_t *item;
    json_array_foreach(v, i, item) json_array_append_new(out, report_json_clean(item));
    return out;
  }
  if (json_is_object(v)) {
    json_t *out = json_object();
    const char *key;
    json_t *item;
    json_object_foreach((json_t *)v, key, item) {
      char *clean = report_clean_cstr(key, 0);
      json_object_set_new(out, clean, report_json_clean(item));
      free(clean);
    }
    return out;
  }
  return v ? json_deep_copy(v) : json_null();
}

const char *report_jstr(const json_t *obj, const char *key) {
  return json_string_value(json_object_get(obj, key));
}

bool report_suite_title_of(const json_t *ev, const char **full, size_t *len) {
  const json_t *f = json_object_get(ev, "fullTitle"), *t = json_object_get(ev, "title");
  if (!json_is_string(f) || !json_is_string(t)) return false;
  *full = json_string_value(f);
  return title_suite_len(*full, json_string_length(f), json_string_value(t), json_string_length(t),
                         len);
}

/* --- time ------------------------------------------------------------------------------- */

double report_now_ms(void) {
  struct timespec ts;
  if (clock_gettime(CLOCK_REALTIME, &ts) != 0) return (double)time(NULL) * 1000.0;
  return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

void report_local_stamp(double epoch_ms, char *buf, size_t size) {
  time_t secs = (time_t)(epoch_ms / 1000.0);
  struct tm tm;
  if (!localtime_r(&secs, &tm) || strftime(buf, size, "%Y-%m-%dT%H:%M:%S", &tm) == 0)
    snprintf(buf, size, "1970-01-01T00:00:00");
}

void report_iso_stamp(double epoch_ms, char *buf, size_t size) {
  if (epoch_ms < 0) epoch_ms = 0;
  time_t secs = (time_t)(epoch_ms / 1000.0);
  int millis = (int)((uint64_t)epoch_ms % 1000u);
  struct tm tm;
  char base[32];
  if (!gmtime_r(&secs, &tm) || strftime(base, sizeof base, "%Y-%m-%dT%H:%M:%S", &tm) == 0)
    snprintf(base, sizeof base, "1970-01-01T00:00:00");
  snprintf(buf, size, "%s.%03dZ", base, millis);
}

/* --- MD5 (RFC 1321) ---------------------------------------------------------------------- */

static const uint32_t md5_k[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};
static const uint8_t md5_r[64] = {7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                                  5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20,
                                  4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                                  6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21};

static void md5_block(uint32_t h[4], const unsigned char *blk) {
  uint32_t w[16];
  for (int i = 0; i < 16; i++)
    w[i] = (uint32_t)blk[i * 4] | (uint32_t)blk[i * 4 + 1] << 8 | (uint32_t)blk[i * 4 + 2] << 16 |
           (uint32_t)blk[i * 4 + 3] << 24;
  uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
  for (int i = 0; i < 64; i++) {
    uint32_t f;
    int g;
    if (i < 16) f = (b & c) | (~b & d), g = i;
    else if (i < 32) f = (d & b) | (~d & c), g = (5 * i + 1) % 16;
    else if (i < 48) f = b ^ c ^ d, g = (3 * i + 5) % 16;
    else f = c ^ (b | ~d), g = (7 * i) % 16;
    uint32_t tmp = d;
    d = c;
    c = b;
    uint32_t x = a + f + md5_k[i] + w[g];
    b = b + ((x << md5_r[i]) | (x >> (32 - md5_r[i])));
    a = tmp;
  }
  h[0] += a, h[1] += b, h[2] += c, h[3] += d;
}

void report_md5_hex(const void *data, size_t len, char out[33]) {
  uint32_t h[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
  const unsigned char *p = data;
  size_t full = len / 64 * 64;
  for (size_t off = 0; off < full; off += 64) md5_block(h, p + off);

  /* The tail, the 0x80 marker and the bit length fill one or two more blocks. */
  unsigned char tail[128] = {0};
  size_t rest = len - full;
  memcpy(tail, p + full, rest);
  tail[rest] = 0x80;
  size_t tail_len = rest + 1 + 8 <= 64 ? 64 : 128;
  uint64_t bits = (uint64_t)len * 8;
  for (int i = 0; i < 8; i++) tail[tail_len - 8 + i] = (unsigned char)(bits >> (8 * i));
  for (size_t off = 0; off < tail_len; off += 64) md5_block(h, tail + off);

  static const char hex[] = "0123456789abcdef";
  for (int i = 0; i < 16; i++) {
    unsigned byte = (h[i / 4] >> (8 * (i % 4))) & 0xFF;
    out[i * 2] = hex[byte >> 4];
    out[i * 2 + 1] = hex[byte & 0xF];
  }
  out[32] = '\0';
}

/* getrandom first; /dev/urandom where the kernel lacks it; the clock and pid as a last
 * resort, which still gives distinct ids within one run. */
static void random_bytes(unsigned char *buf, size_t n) {
  size_t got = 0;
  while (got < n) {
    ssize_t r = getrandom(buf + got, n - got, 0);
    if (r < 0) {
      if (errno == EINTR) continue;
      break;
    }
    got += (size_t)r;
  }
  if (got == n) return;
  int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  if (fd >= 0) {
    ssize_t r = read(fd, buf, n);
    close(fd);
    if (r == (ssize_t)n) return;
  }
  static uint64_t counter;
  uint64_t seed = (uint64_t)(report_now_ms() * 1000.0) ^ ((uint64_t)getpid() << 32) ^ ++counter;
  for (size_t i = 0; i < n; i++) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    buf[i] = (unsigned char)(seed >> 56);
  }
}

void report_uuid4(char out[37]) {
  unsigned char b[16];
  random_bytes(b, sizeof b);
  b[6] = (unsigned char)((b[6] & 0x0F) | 0x40);
  b[8] = (unsigned char)((b[8] & 0x3F) | 0x80);
  snprintf(out, 37, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0],
           b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14],
           b[15]);
}

/* --- capabilities and errors ------------------------------------------------------------ */

/* WebdriverIO's sanitizeString: the last path segment, '.' → '_', whitespace removed,
 * lower case. Numbers count as their decimal text. */
static void caps_part(sbuf_t *b, const json_t *v) {
  char *text = NULL;
  if (json_is_string(v)) text = xstrdup(json_string_value(v));
  else if (json_is_integer(v)) text = xasprintf("%lld", (long long)json_integer_value(v));
  else if (json_is_real(v)) text = xasprintf("%g", json_real_value(v));
  if (!text || !*text) {
    free(text);
    return;
  }
  const char *start = text;
  size_t n = strlen(text);
  while (n && text[n - 1] == '/') n--; /* "a/b/" keeps "b" as the regex does */
  for (size_t i = n; i-- > 0;) {
    if (text[i] == '/') {
      start = text + i + 1;
      break;
    }
  }
  size_t mark = b->len;
  if (b->len) sbuf_putc(b, '.');
  size_t before = b->len;
  for (const char *p = start; p < text + n; p++) {
    unsigned char c = (unsigned char)*p;
    if (isspace(c)) continue;
    sbuf_putc(b, c == '.' ? '_' : (char)tolower(c));
  }
  if (b->len == before) { /* nothing left: the part is left out, separator included */
    b->len = mark;
    if (b->data) b->data[mark] = '\0';
  }
  free(text);
}

static const json_t *caps_first(const json_t *caps, const char *a, const char *b) {
  const json_t *v = json_object_get(caps, a);
  if ((json_is_string(v) && *json_string_value(v)) || json_is_number(v)) return v;
  return json_object_get(caps, b);
}

char *report_sanitized_caps(const json_t *caps) {
  sbuf_t b = SBUF_INIT;
  if (json_is_object(json_object_get(caps, "alwaysMatch")))
    caps = json_object_get(caps, "alwaysMatch");
  if (json_object_get(caps, "deviceName")) {
    caps_part(&b, json_object_get(caps, "deviceName"));
    caps_part(&b, json_object_get(caps, "platformName"));
    caps_part(&b, json_object_get(caps, "platformVersion"));
  } else {
    caps_part(&b, json_object_get(caps, "browserName"));
    caps_part(&b, caps_first(caps, "version", "browserVersion"));
    caps_part(&b, caps_first(caps, "platform", "platformName"));
  }
  caps_part(&b, json_object_get(caps, "app"));
  return sbuf_take(&b);
}

const char *report_url_path(const char *url) {
  if (!url) return "";
  const char *scheme = strstr(url, "://");
  if (!scheme) return url;
  const char *p = scheme + 3;
  while (*p && *p != '/' && *p != '?' && *p != '#') p++;
  return *p ? p : "/";
}

bool report_error_is_assertion(const json_t *error) {
  const char *name = report_jstr(error, "name");
  const char *message = report_jstr(error, "message");
  const char *stack = report_jstr(error, "stack");
  if (name && *name && message && *message)
    return strcmp(name, "AssertionError") == 0 || strstr(message, "Expect") != NULL;
  if (name && *name) return strcmp(name, "AssertionError") == 0;
  if (stack && *stack)
    return strncmp(stack, "AssertionError", 14) == 0 || strstr(stack, "Expect") != NULL;
  return false;
}

/* --- output ------------------------------------------------------------------------------ */

char *report_resolve_dir(const char *dir) {
  if (!dir || !*dir) dir = ".";
  if (dir[0] == '/') return xstrdup(dir);
  char *cwd = fs_cwd();
  const char *rel = dir;
  while (rel[0] == '.' && rel[1] == '/') rel += 2;
  char *out = strcmp(rel, ".") == 0 || !*rel ? xstrdup(cwd) : xasprintf("%s/%s", cwd, rel);
  free(cwd);
  return out;
}

char *report_prepare_path(const char *dir, const char *name, sbuf_t *err) {
  while (name[0] == '/') name++;
  char *path = xasprintf("%s/%s", dir, name);
  char *parent = fs_dirname(path);
  if (fs_mkdir_p(parent) != 0) {
    int saved = errno;
    sbuf_printf(err, "cannot create %s: %s", parent, strerror(saved));
    free(parent);
    free(path);
    errno = saved;
    return NULL;
  }
  free(parent);
  return path;
}

void report_spool_init(report_spool_t *s) { memset(s, 0, sizeof *s); }

void report_spool_write(report_spool_t *s, const char *data, size_t len) {
  if (!len) return;
  if (!s->file && !s->failed && !s->mem.len) {
    s->file = tmpfile();
    if (!s->file) s->failed = true;
  }
  if (s->file && !s->failed) {
    if (fwrite(data, 1, len, s->file) == len) return;
    s->failed = true; /* what the file holds stays valid; the rest goes to memory */
  }
  sbuf_append(&s->mem, data, len);
}

bool report_spool_empty(const report_spool_t *s) { return !s->file && !s->mem.len; }

int report_spool_drain(report_spool_t *s, FILE *out) {
  int rc = 0;
  if (s->file) {
    char buf[65536];
    size_t n;
    if (fflush(s->file) != 0 || fseek(s->file, 0, SEEK_SET) != 0) rc = -1;
    while (rc == 0 && (n = fread(buf, 1, sizeof buf, s->file)) > 0)
      if (fwrite(buf, 1, n, out) != n) rc = -1;
    if (fclose(s->file) != 0) rc = -1;
    s->file = NULL;
  }
  if (rc == 0 && s->mem.len && fwrite(s->mem.data, 1, s->mem.len, out) != s->mem.len) rc = -1;
  sbuf_free(&s->mem);
  s->failed = false;
  if (fflush(out) != 0) rc = -1;
  return rc;
}

void report_spool_free(report_spool_t *s) {
  /* An unread temporary file is discarded: a failing fclose loses nothing wanted. */
  if (s->file) (void)fclose(s->file);
  sbuf_free(&s->mem);
  memset(s, 0, sizeof *s);
}

int report_print_title(FILE *out, const char *name, bool color) {
  int n = color ? fprintf(out, "\n \x1b[1m\x1b[35m\"%s\" Reporter:\x1b[39m\x1b[22m\n", name)
                : fprintf(out, "\n \"%s\" Reporter:\n", name);
  return n < 0 ? -1 : 0;
}

void report_spool_print(report_spool_t *s, FILE *out, const char *name, bool color,
                        bool trailing_newline) {
  if (report_spool_empty(s)) return;
  /* A closed stdout stops the printing, not the run: there is nobody left to tell. */
  if (report_print_title(out, name, color) != 0) {
    report_spool_free(s);
    return;
  }
  if (report_spool_drain(s, out) != 0) return;
  if (!trailing_newline || fputc('\n', out) != EOF) fflush(out);
}

void report_write_document(const char *reporter, const char *dir, const char *name,
                           const char *text) {
  sbuf_t err = SBUF_INIT;
  char *path = report_prepare_path(dir, name, &err);
  if (!path) {
    fprintf(stderr, "sonde: %s reporter: %s\n", reporter, sbuf_cstr(&err));
  } else if (secret_write_file_atomic(path, text, strlen(text)) != 0) {
    fprintf(stderr, "sonde: %s reporter: cannot write %s: %s\n", reporter, path, strerror(errno));
  }
  free(path);
  sbuf_free(&err);
}

void report_write_coverage(const char *who, const char *dir, const json_t *document) {
  char *text = json_dumps(document, JSON_INDENT(2));
  if (text) report_write_document(who, dir, REPORT_OPENAPI_COVERAGE_FILE, text);
  else fprintf(stderr, "sonde: %s reporter: cannot encode the OpenAPI coverage\n", who);
  free(text);
}
