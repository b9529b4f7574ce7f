/* sonde-testserver: large generated bodies and connections reset by the server, for the
 * client's memory bounds and its network error messages.
 *
 *   /generate?size=N&type=<type>[&chunked=1][&broken=1]
 *       A body of exactly N bytes (up to 1 GiB) made on the fly as it is sent, so the
 *       server never holds it. JSON types (application/json), items being objects
 *       {"id":<1e9+n>,"name":"item <1e9+n>","text":"<181 letters>"} (233 bytes), N rounded
 *       down to whole items:
 *         json      an array of items: [item,...]
 *         jsondeep  the array two objects down, beside other members:
 *                   {"meta":{...},"results":{"page":1,"rows":[item,...]},"next":null}
 *         jsonkeys  one object of many keys: {"k<1e9+n>":item,...}
 *         jsonutf8  an array of items whose text is "déjà déjà ... déjà" (181 bytes)
 *       Text types (text/plain), lines of 64 bytes (N rounded down to whole lines of a
 *       UTF-8 type, so no character is cut in two):
 *         text      lines of ASCII letters
 *         utf8      "déjà " (Latin-1 letters: 2 bytes, one UTF-16 unit)
 *         latin1    "\"ü\\ß<tab>»" (Latin-1 with characters JSON escapes)
 *         cyrillic  "привет, мир " (2-byte letters)
 *         cjk       "日本語の文字列" (3-byte characters)
 *         astral    "😀 déja 日本語 " (1- to 4-byte characters, a surrogate pair)
 *         quotes    "it’s fine, isn’t " (ASCII with U+2019, 3 bytes)
 *       binary is every byte value, NULs and bytes >= 0x80 included
 *       (application/octet-stream). broken=1 makes a JSON body invalid: its last byte
 *       becomes a space. The Content-Type follows `type`; chunked=1 sends no Content-Length.
 *   /conn-reset?after=N
 *       Announces Content-Length N + 1000, sends N bytes of text, then resets the
 *       connection (TCP RST, SO_LINGER 0); after=0 resets it before any response.
 *
 * Memory: each generated response's state is a small malloc'd struct freed by MHD. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "server.h"

#define BODIES_MAX_SIZE        (1024ul * 1024ul * 1024ul)
#define BODIES_MAX_RESET_AFTER (64ul * 1024ul * 1024ul)
/* One json item: {"id":<10 digits>,"name":"item <10 digits>","text":"<letters>"}. */
#define BODIES_ITEM_LEN        233
/* The key before an item of jsonkeys: "k<10 digits>": */
#define BODIES_KEY_LEN         14
#define BODIES_LINE            64

typedef enum { BODIES_JSON, BODIES_TEXT, BODIES_BINARY } bodies_kind_t;

/* A JSON body: open, items joined by ",", close. */
typedef struct {
  const char *name, *open, *close;
  bool keyed;       /* each item has a key before it (an object of many members) */
  const char *text; /* UTF-8 that the item's text repeats, NULL for letters */
} bodies_json_shape_t;

static const bodies_json_shape_t bodies_json_shapes[] = {
    {"json", "[", "]", false, NULL},
    {"jsondeep",
     "{\"meta\":{\"page\":1,\"per_page\":1000,\"sort\":[\"id\"]},\"results\":{\"page\":1,\"rows\":"
     "[",
     "]},\"next\":null}", false, NULL},
    {"jsonkeys", "{", "}", true, NULL},
    {"jsonutf8", "[", "]", false, "d\xc3\xa9j\xc3\xa0 "},
};

/* A text body: lines of `word` repeated (its length divides 63) and a newline. */
typedef struct {
  const char *name, *word;
} bodies_text_shape_t;

static const bodies_text_shape_t bodies_text_shapes[] = {
    {"text", NULL}, /* letters */
    {"utf8", "d\xc3\xa9j\xc3\xa0 "},
    {"latin1", "\"\xc3\xbc\\\xc3\x9f\t\xc2\xbb"},
    {"cyrillic", "\xd0\xbf\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82, \xd0\xbc\xd0\xb8\xd1\x80 "},
    {"cjk", "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e\xe3\x81\xae\xe6\x96\x87\xe5\xad\x97\xe5\x88\x97"},
    {"astral", "\xf0\x9f\x98\x80 d\xc3\xa9ja \xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e "},
    {"quotes", "it\xe2\x80\x99s fine, isn\xe2\x80\x99t "},
};

typedef struct {
  bodies_kind_t kind;
  const bodies_json_shape_t *json;
  const char *word; /* a UTF-8 text's word, NULL for letters */
  size_t word_len;
  size_t open_len, close_len, text_len; /* of json's open, close and text: asked per byte */
  uint64_t size;
  bool broken;
} bodies_gen_t;

static const char *bodies_arg(srv_request_t *req, const char *name) {
  return MHD_lookup_connection_value(req->conn, MHD_GET_ARGUMENT_KIND, name);
}

static uint64_t bodies_item_len(const bodies_json_shape_t *j) {
  return BODIES_ITEM_LEN + (j->keyed ? BODIES_KEY_LEN : 0);
}

/* Byte `pos` of a json body of `size` bytes: open, items joined by ",", close. */
static char bodies_json_byte(const bodies_gen_t *g, uint64_t pos, char *item, uint64_t *item_no) {
  const bodies_json_shape_t *j = g->json;
  uint64_t open = g->open_len, close = g->close_len, len = bodies_item_len(j);
  if (pos == g->size - 1 && g->broken) return ' ';
  if (pos < open) return j->open[pos];
  if (pos >= g->size - close) return j->close[pos - (g->size - close)];
  uint64_t k = (pos - open) / (len + 1), off = (pos - open) % (len + 1);
  if (off == len) return ',';
  if (*item_no != k) {
    /* Ten-digit ids keep items the same length (JSON numbers take no leading zeros). */
    unsigned long id = 1000000000ul + (unsigned long)k;
    int n = j->keyed ? snprintf(item, len + 1, "\"k%lu\":", id) : 0;
    int base = n;
    n += snprintf(item + n, len + 1 - (size_t)n, "{\"id\":%lu,\"name\":\"item %lu\",\"text\":\"",
                  id, id);
    for (int i = n; i < (int)len - 2; i++)
      item[i] = j->text ? j->text[(size_t)(i - n) % g->text_len]
                        : (char)('a' + (k + (uint64_t)(i - base)) % 26);
    memcpy(item + len - 2, "\"}", 2);
    *item_no = k;
  }
  return item[off];
}

static ssize_t bodies_reader(void *cls, uint64_t pos, char *buf, size_t max) {
  bodies_gen_t *g = cls;
  if (pos >= g->size) return MHD_CONTENT_READER_END_OF_STREAM;
  uint64_t n = g->size - pos < max ? g->size - pos : max;
  char item[BODIES_ITEM_LEN + BODIES_KEY_LEN + 1];
  uint64_t item_no = UINT64_MAX;
  for (uint64_t i = 0; i < n; i++) {
    uint64_t p = pos + i, col = p % BODIES_LINE;
    switch (g->kind) {
    case BODIES_JSON: buf[i] = bodies_json_byte(g, p, item, &item_no); break;
    case BODIES_TEXT:
      buf[i] = col == BODIES_LINE - 1 ? '\n'
               : g->word              ? g->word[col % g->word_len]
                                      : (char)('a' + p % 26);
      break;
    case BODIES_BINARY: buf[i] = (char)(p * 7 + (p >> 8)); break;
    }
  }
  return (ssize_t)n;
}

/* Finds `type` among the shapes into *g; false for an unknown type. */
static bool bodies_kind_of(const char *type, bodies_gen_t *g, const char **ct) {
  if (!type) return false;
  for (size_t i = 0; i < sizeof bodies_json_shapes / sizeof bodies_json_shapes[0]; i++)
    if (strcmp(type, bodies_json_shapes[i].name) == 0) {
      g->kind = BODIES_JSON;
      g->json = &bodies_json_shapes[i];
      g->open_len = strlen(g->json->open);
      g->close_len = strlen(g->json->close);
      g->text_len = g->json->text ? strlen(g->json->text) : 0;
      *ct = "application/json";
      return true;
    }
  for (size_t i = 0; i < sizeof bodies_text_shapes / sizeof bodies_text_shapes[0]; i++)
    if (strcmp(type, bodies_text_shapes[i].name) == 0) {
      g->kind = BODIES_TEXT;
      g->word = bodies_text_shapes[i].word;
      g->word_len = g->word ? strlen(g->word) : 0;
      *ct = g->word ? "text/plain; charset=utf-8" : "text/plain";
      return true;
    }
  if (strcmp(type, "binary") != 0) return false;
  g->kind = BODIES_BINARY;
  *ct = "application/octet-stream";
  return true;
}

static enum MHD_Result bodies_generate(srv_request_t *req) {
  unsigned long size = 0;
  const char *s = bodies_arg(req, "size"), *type = bodies_arg(req, "type");
  const char *chunked = bodies_arg(req, "chunked"), *broken = bodies_arg(req, "broken");
  bodies_gen_t g = {.broken = broken && strcmp(broken, "1") == 0};
  const char *ct = NULL;
  if (!s || !srv_parse_ulong(s, BODIES_MAX_SIZE, &size) || !bodies_kind_of(type, &g, &ct))
    return srv_reply_error(req, MHD_HTTP_BAD_REQUEST, "INVALID_GENERATE",
                           "Use /generate?size=<bytes up to "
                           "%lu>&type=json|jsondeep|jsonkeys|jsonutf8|text|utf8|latin1|cyrillic|"
                           "cjk|astral|quotes|binary",
                           BODIES_MAX_SIZE);
  g.size = size;
  if (g.kind == BODIES_JSON) {
    /* Whole items only: open item ("," item)* close. */
    uint64_t frame = g.open_len + g.close_len, len = bodies_item_len(g.json);
    uint64_t items = size > frame ? (size - frame + 1) / (len + 1) : 0;
    g.size = items ? frame + items * (len + 1) - 1 : frame;
  } else if (g.word) {
    g.size -= g.size % BODIES_LINE; /* whole lines: no character cut in two */
  }
  bodies_gen_t *state = srv_xmalloc(sizeof *state);
  *state = g;
  bool unknown = chunked && strcmp(chunked, "1") == 0;
  struct MHD_Response *resp = MHD_create_response_from_callback(
      unknown ? MHD_SIZE_UNKNOWN : g.size, 64 * 1024, bodies_reader, state, free);
  if (!resp) free(state);
  return srv_queue(req, MHD_HTTP_OK, srv_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, ct));
}

/* ---- /conn-reset ---- */

typedef struct {
  struct MHD_Connection *conn;
  uint64_t after;
} bodies_reset_t;

/* Resets the connection now: with SO_LINGER 0, closing the socket sends a TCP RST. MHD
 * would shut it down first (a FIN, which the client reads as a clean end), so the socket
 * is closed here by dup2'ing /dev/null over its descriptor, which MHD then closes. */
static void bodies_abort_socket(struct MHD_Connection *conn) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
  if (!info) return;
  struct linger lg = {1, 0};
  if (setsockopt(info->connect_fd, SOL_SOCKET, SO_LINGER, &lg, sizeof lg) != 0) {
    perror("sonde-testserver: setsockopt(SO_LINGER)");
    return;
  }
  int null = open("/dev/null", O_RDWR | O_CLOEXEC);
  if (null < 0 || dup2(null, info->connect_fd) < 0) perror("sonde-testserver: reset");
  if (null >= 0) close(null);
}

static ssize_t bodies_reset_reader(void *cls, uint64_t pos, char *buf, size_t max) {
  bodies_reset_t *r = cls;
  if (pos < r->after) {
    uint64_t n = r->after - pos < max ? r->after - pos : max;
    for (uint64_t i = 0; i < n; i++) buf[i] = (char)('a' + (pos + i) % 26);
    return (ssize_t)n;
  }
  /* Let what was sent reach the client first: a reset discards unsent data. */
  srv_wait_ms(100);
  bodies_abort_socket(r->conn);
  return MHD_CONTENT_READER_END_WITH_ERROR;
}

static enum MHD_Result bodies_reset(srv_request_t *req) {
  unsigned long after = 0;
  const char *a = bodies_arg(req, "after");
  if (a && !srv_parse_ulong(a, BODIES_MAX_RESET_AFTER, &after))
    return srv_reply_error(req, MHD_HTTP_BAD_REQUEST, "INVALID_RESET",
                           "Use /conn-reset?after=<bytes up to %lu>", BODIES_MAX_RESET_AFTER);
  if (after == 0) {
    bodies_abort_socket(req->conn);
    srv_request_done(req);
    return MHD_NO;
  }
  bodies_reset_t *state = srv_xmalloc(sizeof *state);
  *state = (bodies_reset_t){req->conn, after};
  struct MHD_Response *resp =
      MHD_create_response_from_callback(after + 1000, 16 * 1024, bodies_reset_reader, state, free);
  if (!resp) free(state);
  return srv_queue(req, MHD_HTTP_OK,
                   srv_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, "text/plain"));
}

bool srv_route_bodies(srv_request_t *req, enum MHD_Result *ret) {
  if (strcmp(req->path, "/generate") == 0) *ret = bodies_generate(req);
  else if (strcmp(req->path, "/conn-reset") == 0) *ret = bodies_reset(req);
  else return false;
  return true;
}
