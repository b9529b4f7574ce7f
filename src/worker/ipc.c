#include "worker/ipc.h"

#include <errno.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/titles.h"
#include "common/utf8.h"

/* ---- decoding ----
 * The launcher reads a few messages per test from each worker; json_loadb spent ~27 k
 * instructions on each. This reader builds the same jansson values for the JSON that
 * ipc_encode writes (and any other JSON), about three times faster: no stream
 * abstraction, and strings the worker took from jansson are known to be UTF-8, so they
 * are not checked again. Anything malformed makes the whole line invalid. */

/* The members by which a message refers to title groups (see "titles once" below). */
enum { REF_DEF, REF_USE, REF_SUITE, REF_COUNT };
static const char *const ref_keys[REF_COUNT] = {"tdef", "tref", "tsuite"};

typedef struct {
  const char *p, *end;
  sbuf_t text; /* the current string, unescaped */
  int depth;
  bool capture;              /* take the message's group references aside (ref_keys) */
  json_int_t ref[REF_COUNT]; /* the slots they name; -1: absent */
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
  unsigned char u[4];
  sbuf_append(b, (const char *)u, utf8_put(u, cp));
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

/* A group reference of the message itself (a top-level member named in ref_keys): -1 for
 * none, -2 for one that is not a slot number or comes twice, else its index. */
static int take_ref(ipc_parser_t *ps, const char *key, size_t key_len, json_t *v) {
  if (!ps->capture || ps->depth != 1 || key_len < 4 || key_len > 6 || key[0] != 't') return -1;
  for (int i = 0; i < REF_COUNT; i++) {
    if (strlen(ref_keys[i]) != key_len || memcmp(ref_keys[i], key, key_len) != 0) continue;
    json_int_t n = json_is_integer(v) ? json_integer_value(v) : -1;
    if (n < 0 || n >= IPC_TITLE_SLOTS || ps->ref[i] >= 0) return -2;
    ps->ref[i] = n;
    return i;
  }
  return -1;
}

static json_t *parse_object(ipc_parser_t *ps) {
  json_t *obj = json_object();
  if (closes_at_once(ps, '}')) return obj;
  for (;;) {
    skip_space(ps);
    if (ps->p >= ps->end || *ps->p != '"') break;
    ps->p++;
    if (!parse_string(ps)) break;
    /* The key outlives the value's strings, which reuse ps->text: short keys (all of the
     * schema's) are kept on the stack rather than in a copy made and freed per member. */
    char small[32], *key = small;
    size_t key_len = ps->text.len;
    if (key_len < sizeof(small)) memcpy(small, ps->text.data ? ps->text.data : "", key_len);
    else key = xstrndup(ps->text.data, key_len);
    skip_space(ps);
    json_t *v = NULL;
    if (ps->p < ps->end && *ps->p == ':') {
      ps->p++;
      v = parse_value(ps);
    }
    int ref = v ? take_ref(ps, key, key_len, v) : -1;
    bool stored;
    if (ref == -1) {
      stored = v && json_object_setn_new_nocheck(obj, key, key_len, v) == 0;
    } else {
      json_decref(v);
      stored = ref >= 0;
    }
    if (key != small) free(key);
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

static bool titles_restore(ipc_titles_t *t, json_t *msg, const json_int_t ref[REF_COUNT]);

static json_t *decode(ipc_parser_t *ps) {
  json_t *v = parse_value(ps);
  skip_space(ps);
  if (v && ps->p != ps->end) {
    json_decref(v);
    v = NULL;
  }
  return v;
}

json_t *ipc_decode(const char *line, size_t n) {
  ipc_parser_t ps = {line, line + n, SBUF_INIT, 0, false, {-1, -1, -1}};
  json_t *v = decode(&ps);
  sbuf_free(&ps.text);
  return v;
}

static int handle_line(ipc_reader_t *r, const char *line, size_t n, ipc_message_fn fn, void *ud) {
  if (n == 0) return 0;
  /* The reader's string buffer serves line after line. */
  ipc_parser_t ps = {line, line + n, r->text, 0, true, {-1, -1, -1}};
  json_t *msg = decode(&ps);
  r->text = ps.text;
  if (r->text.cap > 65536) sbuf_free(&r->text); /* a huge log line's: not kept for the run */
  if (!msg || !json_is_object(msg) || !titles_restore(&r->titles, msg, ps.ref)) {
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
      bad += handle_line(r, r->partial.data, r->partial.len, fn, ud);
      sbuf_reset(&r->partial);
    } else {
      bad += handle_line(r, p, (size_t)(nl - p), fn, ud);
    }
    p = nl + 1;
  }
  return bad;
}

void ipc_reader_free(ipc_reader_t *r) {
  sbuf_free(&r->partial);
  sbuf_free(&r->text);
  ipc_titles_free(&r->titles);
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

static void encode_value(sbuf_t *out, const json_t *v);
static bool omitted(const char *key, size_t key_len, unsigned omit);

/* An object's members, comma-separated and without the braces, leaving out the title
 * members in `omit` (see "titles once"); false when none was written. */
static bool encode_members(sbuf_t *out, const json_t *obj, unsigned omit) {
  bool first = true;
  for (void *it = json_object_iter((json_t *)obj); it;
       it = json_object_iter_next((json_t *)obj, it)) {
    /* The key's whole length: a key holding a NUL (the reader keeps those) must not be
     * cut (found by fuzz_ipc). */
    const char *key = json_object_iter_key(it);
    size_t key_len = json_object_iter_key_len(it);
    if (omit && omitted(key, key_len, omit)) continue;
    if (!first) sbuf_putc(out, ',');
    first = false;
    encode_string(out, key, key_len);
    sbuf_putc(out, ':');
    encode_value(out, json_object_iter_value(it));
  }
  return !first;
}

static void encode_value(sbuf_t *out, const json_t *v) {
  char num[32];
  switch (json_typeof(v)) {
  case JSON_OBJECT:
    sbuf_putc(out, '{');
    encode_members(out, v, 0);
    sbuf_putc(out, '}');
    break;
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

/* ---- titles once ----
 * A test's events all carry its title, full title, parent suite's title and file; a
 * thousand tests sent each of them two or three times, and the launcher parsed them every
 * time. Both ends of a channel keep the groups in IPC_TITLE_SLOTS slots, a group's slot
 * chosen by a hash of its strings: the first message with a group defines it ("tdef":
 * slot, its members sent whole), later ones with the same group name the slot instead
 * ("tref": slot, the members left out). A test whose full title is its suite's full title
 * and its own, whose parent is the suite's title and whose file is the suite's, names the
 * suite's slot ("tsuite") instead of sending the three. A group that lands on a slot
 * holding another is sent whole again and takes the slot: the ends stay alike because the
 * reader applies every message in the order the writer encoded them. */

static const char *const title_keys[IPC_TITLE_KEYS] = {"title", "fullTitle", "parent", "file"};
static const size_t title_key_lens[IPC_TITLE_KEYS] = {5, 9, 6, 4};
enum { K_TITLE, K_FULL, K_PARENT, K_FILE };
#define TEST_GROUP ((1u << IPC_TITLE_KEYS) - 1)

typedef struct {
  const char *s[IPC_TITLE_KEYS]; /* NULL: not in the group */
  size_t n[IPC_TITLE_KEYS];
  json_t *v[IPC_TITLE_KEYS]; /* the message's strings (borrowed), when it has them */
} group_t;

static unsigned group_mask(const group_t *g) {
  unsigned m = 0;
  for (int i = 0; i < IPC_TITLE_KEYS; i++)
    if (g->s[i]) m |= 1u << i;
  return m;
}

/* FNV-1a over which members the group has and their bytes. */
static unsigned group_slot(const group_t *g) {
  uint32_t h = 2166136261u ^ group_mask(g);
  h *= 16777619u;
  for (int i = 0; i < IPC_TITLE_KEYS; i++) {
    if (!g->s[i]) continue;
    for (size_t k = 0; k < g->n[i]; k++) h = (h ^ (unsigned char)g->s[i][k]) * 16777619u;
    h = (h ^ 0xFFu) * 16777619u; /* ends the string: ("ab","c") and ("a","bc") differ */
  }
  return h % IPC_TITLE_SLOTS;
}

/* The message's group; false when it has no title, or a title member that is not a
 * string (such a message is sent as it is). */
static bool group_of(const json_t *msg, group_t *g) {
  for (int i = 0; i < IPC_TITLE_KEYS; i++) {
    json_t *v = json_object_getn(msg, title_keys[i], title_key_lens[i]);
    g->v[i] = v;
    g->s[i] = NULL;
    g->n[i] = 0;
    if (!v) {
      if (i == K_TITLE) return false; /* most messages: no group */
      continue;
    }
    if (!json_is_string(v)) return false;
    g->s[i] = json_string_value(v);
    g->n[i] = json_string_length(v);
  }
  return true;
}

static bool slot_holds(const ipc_titles_t *t, unsigned slot, const group_t *g) {
  if (!t->slot) return false;
  json_t *const *held = t->slot[slot];
  for (int i = 0; i < IPC_TITLE_KEYS; i++) {
    if (!held[i] != !g->s[i]) return false;
    if (held[i] && (json_string_length(held[i]) != g->n[i] ||
                    memcmp(json_string_value(held[i]), g->s[i], g->n[i]) != 0))
      return false;
  }
  return true;
}

/* The slot takes the group `v` (new references; NULL where the group has no member). */
static void slot_store(ipc_titles_t *t, unsigned slot, json_t *const v[IPC_TITLE_KEYS]) {
  if (!t->slot) t->slot = xcalloc(IPC_TITLE_SLOTS, sizeof(*t->slot));
  for (int i = 0; i < IPC_TITLE_KEYS; i++) {
    json_decref(t->slot[slot][i]);
    t->slot[slot][i] = json_incref(v[i]);
  }
}

void ipc_titles_free(ipc_titles_t *t) {
  if (!t->slot) return;
  for (unsigned s = 0; s < IPC_TITLE_SLOTS; s++)
    for (int i = 0; i < IPC_TITLE_KEYS; i++) json_decref(t->slot[s][i]);
  free(t->slot);
  t->slot = NULL;
}

/* A test's group as its suite's (suite:start's group) would give it: true with the
 * suite's slot when the suite's group is there. The full title joins the suite's and the
 * test's with a space, or is the test's alone when the suite's is empty (the rule of
 * title_suite_len). */
static bool suite_slot(const ipc_titles_t *t, const group_t *g, unsigned *slot) {
  if (group_mask(g) != TEST_GROUP) return false;
  group_t suite = {{g->s[K_PARENT], g->s[K_FULL], NULL, g->s[K_FILE]},
                   {g->n[K_PARENT], 0, 0, g->n[K_FILE]}};
  if (!title_suite_len(g->s[K_FULL], g->n[K_FULL], g->s[K_TITLE], g->n[K_TITLE], &suite.n[K_FULL]))
    return false;
  *slot = group_slot(&suite);
  return slot_holds(t, *slot, &suite);
}

static bool omitted(const char *key, size_t key_len, unsigned omit) {
  for (int i = 0; i < IPC_TITLE_KEYS; i++)
    if ((omit & 1u << i) && title_key_lens[i] == key_len &&
        memcmp(title_keys[i], key, key_len) == 0)
      return true;
  return false;
}

/* `"name":n` */
static void put_ref(sbuf_t *out, const char *name, unsigned n) {
  char digits[12];
  size_t i = sizeof(digits);
  do digits[--i] = (char)('0' + n % 10);
  while (n /= 10);
  sbuf_putc(out, '"');
  sbuf_puts(out, name);
  sbuf_puts(out, "\":");
  sbuf_append(out, digits + i, sizeof(digits) - i);
}

void ipc_encode_event_to(sbuf_t *out, ipc_titles_t *titles, const json_t *msg) {
  group_t g;
  if (!json_is_object(msg) || !group_of(msg, &g)) {
    ipc_encode_to(out, msg);
    return;
  }
  unsigned slot = group_slot(&g), suite = 0, omit = 0;
  bool use = slot_holds(titles, slot, &g);
  bool in_suite = !use && suite_slot(titles, &g, &suite);
  if (use) omit = group_mask(&g);
  else if (in_suite) omit = TEST_GROUP & ~(1u << K_TITLE);
  sbuf_putc(out, '{');
  if (encode_members(out, msg, omit)) sbuf_putc(out, ',');
  if (use) {
    put_ref(out, "tref", slot);
  } else {
    if (in_suite) {
      put_ref(out, "tsuite", suite);
      sbuf_putc(out, ',');
    }
    put_ref(out, "tdef", slot);
  }
  sbuf_puts(out, "}\n");
  if (!use) slot_store(titles, slot, g.v);
}

/* Puts back the members a message's references stand for (a slot's members replace any
 * the message has) and records the group it defines; false when the references do not
 * fit what the reader holds. */
static bool titles_restore(ipc_titles_t *t, json_t *msg, const json_int_t ref[REF_COUNT]) {
  if (ref[REF_DEF] < 0 && ref[REF_USE] < 0 && ref[REF_SUITE] < 0) return true;
  if (ref[REF_USE] >= 0) {
    if (ref[REF_DEF] >= 0 || ref[REF_SUITE] >= 0 || !t->slot) return false;
    json_t **held = t->slot[ref[REF_USE]];
    if (!held[K_TITLE]) return false;
    for (int i = 0; i < IPC_TITLE_KEYS; i++)
      if (held[i]) json_object_set_nocheck(msg, title_keys[i], held[i]);
    return true;
  }
  if (ref[REF_DEF] < 0) return false; /* a suite is named only by a test that defines */
  json_t *v[IPC_TITLE_KEYS];
  v[K_TITLE] = json_object_get(msg, "title");
  if (!json_is_string(v[K_TITLE])) return false;
  if (ref[REF_SUITE] >= 0) {
    json_t **suite = t->slot ? t->slot[ref[REF_SUITE]] : NULL;
    if (!suite || !suite[K_TITLE] || !suite[K_FULL] || suite[K_PARENT] || !suite[K_FILE])
      return false;
    size_t sn = json_string_length(suite[K_FULL]), tn = json_string_length(v[K_TITLE]);
    json_t *full;
    if (sn == 0) {
      full = json_incref(v[K_TITLE]);
    } else {
      char *joined = xmalloc(sn + 1 + tn);
      memcpy(joined, json_string_value(suite[K_FULL]), sn);
      joined[sn] = ' ';
      memcpy(joined + sn + 1, json_string_value(v[K_TITLE]), tn);
      full = json_stringn_nocheck(joined, sn + 1 + tn);
      free(joined);
    }
    v[K_FULL] = full;
    v[K_PARENT] = suite[K_TITLE];
    v[K_FILE] = suite[K_FILE];
    json_object_set_new_nocheck(msg, "fullTitle", full);
    json_object_set_nocheck(msg, "parent", v[K_PARENT]);
    json_object_set_nocheck(msg, "file", v[K_FILE]);
  } else {
    for (int i = K_FULL; i < IPC_TITLE_KEYS; i++) {
      v[i] = json_object_get(msg, title_keys[i]);
      if (v[i] && !json_is_string(v[i])) return false;
    }
  }
  slot_store(t, (unsigned)ref[REF_DEF], v);
  return true;
}
