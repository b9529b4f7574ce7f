/* ws_codec: see ws_codec.h. The handshake follows RFC 6455 section 4 (what the client
 * must check of the server's answer is section 4.1's list); the framing is wslay's event
 * API with memory buffers in place of a socket. */
#include "http/ws_codec.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>

#include <wslay/wslay.h>

/* ---- SHA-1 (FIPS 180-4) and base64 (RFC 4648), only for the accept key ---- */

static uint32_t ws_rol(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

static void ws_sha1_block(uint32_t h[5], const uint8_t *p) {
  uint32_t w[80];
  for (int i = 0; i < 16; i++)
    w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 |
           p[4 * i + 3];
  for (int i = 16; i < 80; i++) w[i] = ws_rol(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
  uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
  for (int i = 0; i < 80; i++) {
    uint32_t f, k;
    if (i < 20) f = (b & c) | (~b & d), k = 0x5A827999;
    else if (i < 40) f = b ^ c ^ d, k = 0x6ED9EBA1;
    else if (i < 60) f = (b & c) | (b & d) | (c & d), k = 0x8F1BBCDC;
    else f = b ^ c ^ d, k = 0xCA62C1D6;
    uint32_t t = ws_rol(a, 5) + f + e + k + w[i];
    e = d, d = c, c = ws_rol(b, 30), b = a, a = t;
  }
  h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e;
}

static void ws_sha1(const uint8_t *msg, size_t n, uint8_t out[20]) {
  uint32_t h[5] = {0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0};
  size_t i = 0;
  for (; i + 64 <= n; i += 64) ws_sha1_block(h, msg + i);
  uint8_t tail[128] = {0};
  size_t rest = n - i;
  memcpy(tail, msg + i, rest);
  tail[rest] = 0x80;
  size_t tlen = rest + 9 <= 64 ? 64 : 128;
  uint64_t bits = (uint64_t)n * 8;
  for (int j = 0; j < 8; j++) tail[tlen - 1 - j] = (uint8_t)(bits >> (8 * j));
  ws_sha1_block(h, tail);
  if (tlen == 128) ws_sha1_block(h, tail + 64);
  for (int j = 0; j < 20; j++) out[j] = (uint8_t)(h[j / 4] >> (24 - 8 * (j % 4)));
}

static char *ws_base64(const uint8_t *p, size_t n) {
  static const char abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  char *out = xmalloc(4 * ((n + 2) / 3) + 1), *o = out;
  for (size_t i = 0; i < n; i += 3) {
    uint32_t v = (uint32_t)p[i] << 16 | (i + 1 < n ? (uint32_t)p[i + 1] << 8 : 0) |
                 (i + 2 < n ? p[i + 2] : 0);
    *o++ = abc[v >> 18 & 63];
    *o++ = abc[v >> 12 & 63];
    *o++ = i + 1 < n ? abc[v >> 6 & 63] : '=';
    *o++ = i + 2 < n ? abc[v & 63] : '=';
  }
  *o = '\0';
  return out;
}

/* Random bytes for keys and masks; getrandom on Linux cannot fail for small sizes once
 * the pool is ready, which it is long before a test runs. */
static int ws_random(uint8_t *buf, size_t n) {
  while (n) {
    ssize_t r = getrandom(buf, n, 0);
    if (r <= 0) return -1;
    buf += r, n -= (size_t)r;
  }
  return 0;
}

/* ---- handshake ---- */

char *ws_handshake_key(void) {
  uint8_t raw[16];
  if (ws_random(raw, sizeof raw)) {
    /* Never expected; a fixed key still works (it only guards against caches). */
    memcpy(raw, "sonde-websocket!", sizeof raw);
  }
  return ws_base64(raw, sizeof raw);
}

char *ws_handshake_accept(const char *key) {
  static const char guid[] = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
  sbuf_t b = SBUF_INIT;
  sbuf_puts(&b, key);
  sbuf_puts(&b, guid);
  uint8_t digest[20];
  ws_sha1((const uint8_t *)b.data, b.len, digest);
  sbuf_free(&b);
  return ws_base64(digest, sizeof digest);
}

char *ws_handshake_request(const char *host, const char *target, const char *key,
                           const char *const *protocols, size_t n_protocols,
                           const char *const *extra, size_t n_extra) {
  sbuf_t b = SBUF_INIT;
  sbuf_printf(&b,
              "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
              "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n",
              target && *target ? target : "/", host, key);
  for (size_t i = 0; i < n_protocols; i++)
    sbuf_printf(&b, "%s%s", i ? ", " : "Sec-WebSocket-Protocol: ", protocols[i]);
  if (n_protocols) sbuf_puts(&b, "\r\n");
  for (size_t i = 0; i < n_extra; i++) sbuf_printf(&b, "%s\r\n", extra[i]);
  sbuf_puts(&b, "\r\n");
  return sbuf_take(&b);
}

size_t ws_handshake_head_end(const char *buf, size_t n) {
  for (size_t i = 0; i + 3 < n; i++)
    if (buf[i] == '\r' && buf[i + 1] == '\n' && buf[i + 2] == '\r' && buf[i + 3] == '\n')
      return i + 4;
  return 0;
}

/* The value of header `name` in a response head (the first one), trimmed; NULL if absent.
 * Repeated headers would be joined by a comma, which none of those checked here allows. */
static char *ws_header(const char *head, size_t len, const char *name) {
  size_t nlen = strlen(name);
  const char *end = head + len;
  const char *line = memchr(head, '\n', len); /* past the status line */
  while (line && ++line < end) {
    const char *eol = memchr(line, '\n', (size_t)(end - line));
    if (!eol) eol = end;
    if ((size_t)(eol - line) > nlen && strncasecmp(line, name, nlen) == 0 && line[nlen] == ':') {
      const char *v = line + nlen + 1, *ve = eol;
      while (v < ve && (*v == ' ' || *v == '\t')) v++;
      while (ve > v && (ve[-1] == '\r' || ve[-1] == ' ' || ve[-1] == '\t')) ve--;
      return xstrndup(v, (size_t)(ve - v));
    }
    line = eol;
  }
  return NULL;
}

/* True when the comma-separated list `v` holds `token` (case-insensitive). */
static bool ws_has_token(const char *v, const char *token) {
  size_t tlen = strlen(token);
  while (*v) {
    while (*v == ' ' || *v == '\t' || *v == ',') v++;
    const char *s = v;
    while (*v && *v != ',') v++;
    const char *e = v;
    while (e > s && (e[-1] == ' ' || e[-1] == '\t')) e--;
    if ((size_t)(e - s) == tlen && strncasecmp(s, token, tlen) == 0) return true;
  }
  return false;
}

char *ws_handshake_check(const char *head, size_t len, const char *key,
                         const char *const *protocols, size_t n_protocols, char **protocol,
                         int *status) {
  *protocol = NULL;
  *status = 0;
  /* The status code by hand: `head` holds `len` bytes and need not end with a NUL, which
   * sscanf would look for past the end (found by fuzz_ws_codec). */
  int code = 0;
  if (len < 12 || strncmp(head, "HTTP/1.", 7) != 0 || head[8] != ' ' ||
      !isdigit((unsigned char)head[9]) || !isdigit((unsigned char)head[10]) ||
      !isdigit((unsigned char)head[11]))
    return xstrdup("the server's answer is not an HTTP/1.1 response");
  code = (head[9] - '0') * 100 + (head[10] - '0') * 10 + (head[11] - '0');
  *status = code;
  if (code != 101)
    return xasprintf("the server answered %d instead of 101 Switching Protocols", code);
  char *why = NULL;
  char *upgrade = ws_header(head, len, "Upgrade");
  char *connection = ws_header(head, len, "Connection");
  char *accept = ws_header(head, len, "Sec-WebSocket-Accept");
  char *proto = ws_header(head, len, "Sec-WebSocket-Protocol");
  char *ext = ws_header(head, len, "Sec-WebSocket-Extensions");
  char *want = ws_handshake_accept(key);
  if (!upgrade || strcasecmp(upgrade, "websocket") != 0) {
    why = xstrdup("the server's 101 response lacks \"Upgrade: websocket\"");
  } else if (!connection || !ws_has_token(connection, "upgrade")) {
    why = xstrdup("the server's 101 response lacks \"Connection: Upgrade\"");
  } else if (!accept || strcmp(accept, want) != 0) {
    why = xstrdup("the server's Sec-WebSocket-Accept does not match the key sent");
  } else if (ext && *ext) {
    why = xasprintf("the server chose the extension \"%s\", which was not offered", ext);
  } else if (proto && *proto) {
    bool offered = false;
    for (size_t i = 0; i < n_protocols && !offered; i++) offered = strcmp(proto, protocols[i]) == 0;
    if (!offered)
      why = xasprintf("the server chose the subprotocol \"%s\", which was not offered", proto);
  }
  if (!why) *protocol = xstrdup(proto ? proto : "");
  free(upgrade);
  free(connection);
  free(accept);
  free(proto);
  free(ext);
  free(want);
  return why;
}

/* ---- framing ---- */

struct ws_codec {
  ws_codec_config_t cfg;
  wslay_event_context_ptr ctx;
  const uint8_t *in; /* the bytes being fed, for the recv callback */
  size_t in_len;
  sbuf_t out;
  bool closing;    /* ws_codec_close was called */
  uint16_t failed; /* the close code sent for a violation wslay did not answer itself */
};

static ssize_t ws_recv_cb(wslay_event_context_ptr ctx, uint8_t *buf, size_t len, int flags,
                          void *ud) {
  ws_codec_t *c = ud;
  if (c->in_len == 0) {
    wslay_event_set_error(ctx, WSLAY_ERR_WOULDBLOCK);
    return -1;
  }
  size_t n = len < c->in_len ? len : c->in_len;
  memcpy(buf, c->in, n);
  c->in += n;
  c->in_len -= n;
  return (ssize_t)n;
}

static ssize_t ws_send_cb(wslay_event_context_ptr ctx, const uint8_t *data, size_t len, int flags,
                          void *ud) {
  ws_codec_t *c = ud;
  sbuf_append(&c->out, (const char *)data, len);
  return (ssize_t)len;
}

static int ws_genmask_cb(wslay_event_context_ptr ctx, uint8_t *buf, size_t len, void *ud) {
  return ws_random(buf, len);
}

/* Well-formed UTF-8 (RFC 3629: no overlongs, surrogates or code points past U+10FFFF). */
static bool ws_utf8_valid(const uint8_t *s, size_t n) {
  size_t i = 0;
  while (i < n) {
    uint8_t b = s[i];
    size_t len;
    uint32_t cp;
    if (b < 0x80) {
      i++;
      continue;
    } else if ((b & 0xE0) == 0xC0) {
      len = 2, cp = b & 0x1F;
    } else if ((b & 0xF0) == 0xE0) {
      len = 3, cp = b & 0x0F;
    } else if ((b & 0xF8) == 0xF0) {
      len = 4, cp = b & 0x07;
    } else {
      return false;
    }
    if (i + len > n) return false;
    for (size_t k = 1; k < len; k++) {
      if ((s[i + k] & 0xC0) != 0x80) return false;
      cp = cp << 6 | (s[i + k] & 0x3F);
    }
    static const uint32_t min[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < min[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += len;
  }
  return true;
}

static void ws_msg_cb(wslay_event_context_ptr ctx, const struct wslay_event_on_msg_recv_arg *arg,
                      void *ud) {
  ws_codec_t *c = ud;
  if (arg->opcode == WSLAY_CONNECTION_CLOSE && arg->msg_length > 2 &&
      !ws_utf8_valid(arg->msg + 2, arg->msg_length - 2)) {
    /* wslay would echo the reason as it came; RFC 6455 7.1.6 wants UTF-8, so this is the
     * peer's violation (1007), answered before wslay queues its echo (which then fails). */
    if (wslay_event_queue_close(ctx, WSLAY_CODE_INVALID_FRAME_PAYLOAD_DATA, NULL, 0) == 0)
      c->failed = WSLAY_CODE_INVALID_FRAME_PAYLOAD_DATA;
    return;
  }
  if (arg->opcode == WSLAY_CONNECTION_CLOSE) {
    uint16_t code = arg->status_code ? arg->status_code : WSLAY_CODE_NO_STATUS_RCVD;
    const char *reason = arg->msg_length > 2 ? (const char *)arg->msg + 2 : "";
    size_t rlen = arg->msg_length > 2 ? arg->msg_length - 2 : 0;
    if (c->cfg.on_close) c->cfg.on_close(code, reason, rlen, c->cfg.userdata);
    return;
  }
  if (c->cfg.on_message) c->cfg.on_message(arg->opcode, arg->msg, arg->msg_length, c->cfg.userdata);
}

ws_codec_t *ws_codec_new(const ws_codec_config_t *cfg) {
  ws_codec_t *c = xcalloc(1, sizeof *c);
  c->cfg = *cfg;
  sbuf_init(&c->out);
  struct wslay_event_callbacks cbs = {
      .recv_callback = ws_recv_cb,
      .send_callback = ws_send_cb,
      .genmask_callback = ws_genmask_cb,
      .on_msg_recv_callback = ws_msg_cb,
  };
  int rc = cfg->server ? wslay_event_context_server_init(&c->ctx, &cbs, c)
                       : wslay_event_context_client_init(&c->ctx, &cbs, c);
  if (rc != 0) {
    free(c);
    return NULL;
  }
  wslay_event_config_set_max_recv_msg_length(
      c->ctx, cfg->max_message ? cfg->max_message : (uint64_t)64 << 20);
  return c;
}

void ws_codec_free(ws_codec_t *c) {
  if (!c) return;
  wslay_event_context_free(c->ctx);
  sbuf_free(&c->out);
  free(c);
}

/* Encodes every queued frame into the output (the send callback never blocks). */
static int ws_flush(ws_codec_t *c) {
  if (!wslay_event_want_write(c->ctx)) return 0;
  return wslay_event_send(c->ctx) == 0 ? 0 : -1;
}

/* A close frame written directly: wslay has stopped sending after a fatal error. */
static void ws_raw_close(ws_codec_t *c, uint16_t code) {
  uint8_t f[8] = {0x88, 0x02, 0, 0, 0, 0, 0, 0};
  uint8_t body[2] = {(uint8_t)(code >> 8), (uint8_t)code};
  size_t n = 2;
  if (!c->cfg.server) { /* a client masks every frame */
    f[1] |= 0x80;
    if (ws_random(f + 2, 4)) memset(f + 2, 0x5a, 4);
    n = 6;
  }
  for (int i = 0; i < 2; i++) f[n + i] = body[i] ^ (c->cfg.server ? 0 : f[2 + i]);
  sbuf_append(&c->out, (const char *)f, n + 2);
}

int ws_codec_feed(ws_codec_t *c, const void *buf, size_t n) {
  /* After a close frame (received, or sent for a protocol error) nothing more is read. */
  if (c->failed || !wslay_event_want_read(c->ctx)) return 0;
  c->in = buf;
  c->in_len = n;
  int rc = wslay_event_recv(c->ctx);
  c->in = NULL;
  c->in_len = 0;
  if (rc == WSLAY_ERR_NOMEM) return -1;
  if (rc != 0) {
    /* wslay refuses some violations (a fragmented control frame, one longer than 125
     * bytes) without answering them: the close frame RFC 6455 asks for is ours to send. */
    c->failed = WSLAY_CODE_PROTOCOL_ERROR;
    ws_raw_close(c, WSLAY_CODE_PROTOCOL_ERROR);
    return 0;
  }
  return ws_flush(c);
}

int ws_codec_send(ws_codec_t *c, int opcode, const void *data, size_t len) {
  struct wslay_event_msg msg = {(uint8_t)opcode, data, len};
  if (wslay_event_queue_msg(c->ctx, &msg) != 0) return -1;
  return ws_flush(c);
}

int ws_codec_close(ws_codec_t *c, uint16_t code, const char *reason, size_t len) {
  if (wslay_event_queue_close(c->ctx, code, (const uint8_t *)reason, len) != 0) return -1;
  c->closing = true;
  return ws_flush(c);
}

sbuf_t *ws_codec_output(ws_codec_t *c) { return &c->out; }

void ws_codec_consume(ws_codec_t *c, size_t n) {
  if (n >= c->out.len) {
    sbuf_reset(&c->out);
    return;
  }
  memmove(c->out.data, c->out.data + n, c->out.len - n);
  c->out.len -= n;
  c->out.data[c->out.len] = '\0';
}

bool ws_codec_close_sent(const ws_codec_t *c) {
  return c->failed || wslay_event_get_close_sent(c->ctx) != 0;
}

bool ws_codec_close_received(const ws_codec_t *c) {
  return wslay_event_get_close_received(c->ctx) != 0;
}

uint16_t ws_codec_failed(const ws_codec_t *c) {
  if (c->failed) return c->failed;
  if (c->closing || !wslay_event_get_close_sent(c->ctx) || wslay_event_get_close_received(c->ctx))
    return 0;
  return wslay_event_get_status_code_sent(c->ctx);
}

size_t ws_codec_queued(const ws_codec_t *c) { return wslay_event_get_queued_msg_length(c->ctx); }
