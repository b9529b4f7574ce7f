/* sonde-testserver: large generated bodies and connections reset by the server, for the
 * client's memory bounds and its network error messages.
 *
 *   /generate?size=N&type=json|text|utf8|binary[&chunked=1][&broken=1]
 *       A body of exactly N bytes (up to 1 GiB) made on the fly as it is sent, so the
 *       server never holds it: json is an array of objects {"id":<1e9+n>,"name":"item <1e9+n>",
 *       "text":"<181 letters>"} (233 bytes; N rounded down to whole items, at least "[]"); text is
 *       lines of letters; utf8 lines of "déjà " (text/plain; charset=utf-8, N rounded down
 *       to whole 64-byte lines); binary is every byte value, NULs and bytes >= 0x80 included.
 *       broken=1 makes a json body invalid: its closing "]" becomes a space.
 *       The Content-Type follows `type`; chunked=1 sends no Content-Length.
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

typedef enum { BODIES_JSON, BODIES_TEXT, BODIES_UTF8, BODIES_BINARY } bodies_kind_t;

/* One line of the utf8 body: "déjà " nine times and a newline, 64 bytes. */
static const char bodies_utf8_word[] = "d\xc3\xa9j\xc3\xa0 ";
#define BODIES_UTF8_LINE 64

typedef struct {
  bodies_kind_t kind;
  uint64_t size;
  bool broken;
} bodies_gen_t;

static const char *bodies_arg(srv_request_t *req, const char *name) {
  return MHD_lookup_connection_value(req->conn, MHD_GET_ARGUMENT_KIND, name);
}

/* Byte `pos` of a json body of `size` bytes: "[" items joined by "," "]". */
static char bodies_json_byte(uint64_t pos, uint64_t size, bool broken, char *item,
                             uint64_t *item_no) {
  if (pos == 0) return '[';
  if (pos == size - 1) return broken ? ' ' : ']';
  uint64_t k = (pos - 1) / (BODIES_ITEM_LEN + 1), off = (pos - 1) % (BODIES_ITEM_LEN + 1);
  if (off == BODIES_ITEM_LEN) return ',';
  if (*item_no != k) {
    /* Ten-digit ids keep items the same length (JSON numbers take no leading zeros). */
    int n = snprintf(item, BODIES_ITEM_LEN + 1, "{\"id\":%lu,\"name\":\"item %lu\",\"text\":\"",
                     1000000000ul + (unsigned long)k, 1000000000ul + (unsigned long)k);
    for (int i = n; i < BODIES_ITEM_LEN - 2; i++) item[i] = (char)('a' + (k + (uint64_t)i) % 26);
    memcpy(item + BODIES_ITEM_LEN - 2, "\"}", 2);
    *item_no = k;
  }
  return item[off];
}

static ssize_t bodies_reader(void *cls, uint64_t pos, char *buf, size_t max) {
  bodies_gen_t *g = cls;
  if (pos >= g->size) return MHD_CONTENT_READER_END_OF_STREAM;
  uint64_t n = g->size - pos < max ? g->size - pos : max;
  char item[BODIES_ITEM_LEN + 1];
  uint64_t item_no = UINT64_MAX;
  for (uint64_t i = 0; i < n; i++) {
    uint64_t p = pos + i;
    switch (g->kind) {
    case BODIES_JSON: buf[i] = bodies_json_byte(p, g->size, g->broken, item, &item_no); break;
    case BODIES_TEXT: buf[i] = p % 64 == 63 ? '\n' : (char)('a' + p % 26); break;
    case BODIES_UTF8:
      buf[i] = p % BODIES_UTF8_LINE == BODIES_UTF8_LINE - 1
                   ? '\n'
                   : bodies_utf8_word[(p % BODIES_UTF8_LINE) % (sizeof bodies_utf8_word - 1)];
      break;
    case BODIES_BINARY: buf[i] = (char)(p * 7 + (p >> 8)); break;
    }
  }
  return (ssize_t)n;
}

static enum MHD_Result bodies_generate(srv_request_t *req) {
  unsigned long size = 0;
  const char *s = bodies_arg(req, "size"), *type = bodies_arg(req, "type");
  const char *chunked = bodies_arg(req, "chunked"), *broken = bodies_arg(req, "broken");
  bodies_gen_t g = {BODIES_JSON, 0, broken && strcmp(broken, "1") == 0};
  const char *ct = "application/json";
  if (type && strcmp(type, "text") == 0) {
    g.kind = BODIES_TEXT;
    ct = "text/plain";
  } else if (type && strcmp(type, "utf8") == 0) {
    g.kind = BODIES_UTF8;
    ct = "text/plain; charset=utf-8";
  } else if (type && strcmp(type, "binary") == 0) {
    g.kind = BODIES_BINARY;
    ct = "application/octet-stream";
  } else if (type && strcmp(type, "json") != 0) {
    type = NULL;
  }
  if (!s || !srv_parse_ulong(s, BODIES_MAX_SIZE, &size) || !type)
    return srv_reply_error(req, MHD_HTTP_BAD_REQUEST, "INVALID_GENERATE",
                           "Use /generate?size=<bytes up to %lu>&type=json|text|utf8|binary",
                           BODIES_MAX_SIZE);
  g.size = size;
  if (g.kind == BODIES_JSON) {
    /* Whole items only: "[" item ("," item)* "]". */
    uint64_t items = size > 2 ? (size - 1) / (BODIES_ITEM_LEN + 1) : 0;
    g.size = items ? 2 + items * (BODIES_ITEM_LEN + 1) - 1 : 2;
  } else if (g.kind == BODIES_UTF8) {
    g.size -= g.size % BODIES_UTF8_LINE; /* whole lines: no character cut in two */
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
