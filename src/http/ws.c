/* ws: see ws.h. Phases: the connection (stream.c, connect-only), the handshake (our GET
 * written and the 101 read over the bare connection), then frames through ws_codec until
 * both close frames went through, the connection dropped, or a timeout.
 *
 * Re-entrancy: callbacks may call ws_send, ws_close and ws_free. ws_free only marks the
 * connection and closes its handles; the struct goes in the timer's close callback, on a
 * later loop turn, so code after a callback may still read c->freed. */
#include "http/ws.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/sbuf.h"
#include "http/curl_dl.h"
#include "http/stream.h"

#define WS_MAX_HEAD (64 * 1024) /* a handshake answer larger than this is not one */

typedef enum { PH_CONNECT, PH_HANDSHAKE, PH_OPEN, PH_CLOSING, PH_DONE } ws_phase_t;

struct ws_conn {
  uv_loop_t *loop;
  ws_callbacks_t cb;
  http_stream_t *st;
  ws_codec_t *codec;
  ws_phase_t phase;
  char *url; /* as given, for messages */
  char *key;
  char **protocols;
  size_t n_protocols;
  sbuf_t hs_out; /* the handshake request, until written */
  size_t hs_sent;
  sbuf_t hs_in;     /* the answer's head, until complete */
  uv_timer_t timer; /* open timeout, then close timeout */
  long close_timeout_ms;
  bool got_close; /* the server's close frame arrived */
  uint16_t close_code;
  sbuf_t close_reason;
  char *early_error; /* why the connection could not even start, or was given up */
  const char *early_code;
  bool freed;
};

static void ws_pump_write(ws_conn_t *c);

/* ---- the end ---- */

static void ws_finish(ws_conn_t *c, bool clean, uint16_t code, const char *error,
                      const char *error_code, int status) {
  if (c->phase == PH_DONE || c->freed) return;
  c->phase = PH_DONE;
  uv_timer_stop(&c->timer);
  if (c->st) {
    http_stream_close(c->st);
    c->st = NULL;
  }
  ws_close_info_t info = {
      .was_clean = clean,
      .code = code,
      .reason = sbuf_cstr(&c->close_reason),
      .reason_len = c->close_reason.len,
      .error = error,
      .error_code = error_code,
      .status = status,
  };
  if (c->cb.on_close) c->cb.on_close(c, &info, c->cb.userdata);
}

static void ws_fail(ws_conn_t *c, const char *code, const char *fmt, const char *detail) {
  char *msg = xasprintf(fmt, c->url, detail);
  ws_finish(c, false, 1006, msg, code, 0);
  free(msg);
}

/* After a close frame each way, the connection has nothing more to carry. */
static void ws_check_closed(ws_conn_t *c) {
  if (c->freed || c->phase == PH_DONE || !c->codec) return;
  uint16_t failed = ws_codec_failed(c->codec);
  if (failed && ws_codec_output(c->codec)->len == 0) {
    const char *what = failed == 1007   ? "a text message that is not UTF-8"
                       : failed == 1009 ? "a message over the size limit"
                                        : "a frame that breaks the WebSocket protocol";
    char *msg =
        xasprintf("the WebSocket server at %s sent %s (closed with %u)", c->url, what, failed);
    ws_finish(c, false, failed, msg, "EPROTO", 0);
    free(msg);
    return;
  }
  if (c->got_close && ws_codec_close_sent(c->codec) && ws_codec_output(c->codec)->len == 0)
    ws_finish(c, true, c->close_code, NULL, NULL, 0);
}

static void ws_on_timer(uv_timer_t *t) {
  ws_conn_t *c = t->data;
  if (c->phase == PH_CLOSING) {
    /* The server never answered our close frame: drop the connection. */
    ws_finish(c, false, 1006, NULL, NULL, 0);
    return;
  }
  if (c->early_error) {
    ws_finish(c, false, 1006, c->early_error, c->early_code ? c->early_code : "EINVAL", 0);
    return;
  }
  ws_fail(c, "ETIMEDOUT", "opening the WebSocket %s timed out%s", "");
}

/* ---- frames ---- */

static void ws_codec_message(int opcode, const uint8_t *data, size_t len, void *ud) {
  ws_conn_t *c = ud;
  if (c->freed || c->phase == PH_DONE) return;
  if (c->cb.on_message) c->cb.on_message(c, opcode, data, len, c->cb.userdata);
}

static void ws_codec_closed(uint16_t code, const char *reason, size_t len, void *ud) {
  ws_conn_t *c = ud;
  c->got_close = true;
  c->close_code = code;
  sbuf_reset(&c->close_reason);
  sbuf_append(&c->close_reason, reason, len);
  if (c->phase == PH_OPEN) c->phase = PH_CLOSING;
}

/* The head of the server's answer is complete: open, or fail. */
static void ws_handshake_done(ws_conn_t *c, size_t head_len) {
  char *protocol = NULL;
  int status = 0;
  char *why = ws_handshake_check(c->hs_in.data, head_len, c->key, (const char *const *)c->protocols,
                                 c->n_protocols, &protocol, &status);
  if (why) {
    char *msg = xasprintf("the WebSocket handshake with %s failed: %s", c->url, why);
    ws_finish(c, false, 1006, msg, status && status != 101 ? "EHANDSHAKE" : "EPROTO",
              status != 101 ? status : 0);
    free(msg);
    free(why);
    return;
  }
  c->phase = PH_OPEN;
  uv_timer_stop(&c->timer);
  if (c->cb.on_open) c->cb.on_open(c, protocol, c->cb.userdata);
  free(protocol);
  if (c->freed || c->phase == PH_DONE) return;
  /* Frames may have come in the same read as the head. */
  size_t rest = c->hs_in.len - head_len;
  if (rest) {
    char *copy = xmalloc(rest);
    memcpy(copy, c->hs_in.data + head_len, rest);
    sbuf_free(&c->hs_in);
    if (ws_codec_feed(c->codec, copy, rest))
      ws_fail(c, "ENOMEM", "WebSocket %s: %s", "out of memory");
    free(copy);
  } else {
    sbuf_free(&c->hs_in);
  }
}

/* ---- I/O ---- */

static void ws_watch(ws_conn_t *c) {
  if (!c->st || c->freed || c->phase == PH_DONE) return;
  sbuf_t *out = c->phase == PH_HANDSHAKE ? &c->hs_out : ws_codec_output(c->codec);
  size_t pending = c->phase == PH_HANDSHAKE ? out->len - c->hs_sent : out->len;
  if (http_stream_watch(c->st, UV_READABLE | (pending ? UV_WRITABLE : 0)) < 0)
    ws_fail(c, "EIO", "WebSocket %s: %s", "the socket cannot be watched");
}

static void ws_pump_write(ws_conn_t *c) {
  while (c->st && !c->freed && c->phase != PH_DONE && c->phase != PH_CONNECT) {
    const char *data;
    size_t len;
    if (c->phase == PH_HANDSHAKE) {
      data = c->hs_out.data + c->hs_sent;
      len = c->hs_out.len - c->hs_sent;
    } else {
      data = ws_codec_output(c->codec)->data;
      len = ws_codec_output(c->codec)->len;
    }
    if (!len) break;
    const char *why = NULL;
    ssize_t n = http_stream_send(c->st, data, len, &why);
    if (n == HTTP_STREAM_AGAIN) break;
    if (n < 0) {
      ws_fail(c, "ECONNRESET", "the WebSocket connection to %s was lost: %s", why);
      return;
    }
    if (c->phase == PH_HANDSHAKE) c->hs_sent += (size_t)n;
    else ws_codec_consume(c->codec, (size_t)n);
  }
  ws_check_closed(c);
  ws_watch(c);
}

static void ws_pump_read(ws_conn_t *c) {
  char buf[16384];
  while (c->st && !c->freed && c->phase != PH_DONE) {
    const char *why = NULL;
    ssize_t n = http_stream_recv(c->st, buf, sizeof buf, &why);
    if (n == HTTP_STREAM_AGAIN) break;
    if (n < 0) {
      ws_fail(c, "ECONNRESET", "the WebSocket connection to %s was lost: %s", why);
      return;
    }
    if (n == 0) { /* the server closed the connection */
      if (c->phase == PH_HANDSHAKE)
        ws_fail(c, "ECONNRESET",
                "the WebSocket server at %s closed the connection during the handshake%s", "");
      else if (c->got_close) ws_finish(c, true, c->close_code, NULL, NULL, 0);
      else ws_finish(c, false, 1006, NULL, NULL, 0); /* no close frame: abnormal closure */
      return;
    }
    if (c->phase == PH_HANDSHAKE) {
      sbuf_append(&c->hs_in, buf, (size_t)n);
      size_t end = ws_handshake_head_end(c->hs_in.data, c->hs_in.len);
      if (end) {
        ws_handshake_done(c, end);
      } else if (c->hs_in.len > WS_MAX_HEAD) {
        ws_fail(c, "EPROTO", "the WebSocket handshake with %s failed: %s",
                "the server's answer has no end of head within 64 KiB");
        return;
      }
    } else if (!c->got_close && !ws_codec_failed(c->codec)) {
      if (ws_codec_feed(c->codec, buf, (size_t)n)) {
        ws_fail(c, "ENOMEM", "WebSocket %s: %s", "out of memory");
        return;
      }
    }
    /* After a close frame, bytes still arriving are read and dropped until the end. */
  }
  ws_pump_write(c);
}

static void ws_on_io(http_stream_t *st, int events, void *ud) {
  ws_conn_t *c = ud;
  if (events & UV_WRITABLE) ws_pump_write(c);
  if ((events & UV_READABLE) && !c->freed) ws_pump_read(c);
}

static void ws_on_connected(http_stream_t *st, void *ud) {
  ws_conn_t *c = ud;
  c->phase = PH_HANDSHAKE;
  ws_pump_write(c);
}

static void ws_on_end(http_stream_t *st, http_error_t err, const char *code, const char *msg,
                      void *ud) {
  ws_conn_t *c = ud;
  ws_fail(c, code ? code : "EIO", "cannot connect to the WebSocket server at %s: %s",
          msg ? msg : "the connection failed");
}

/* ---- setup ---- */

/* The http(s) URL for curl, and the Host and request target of the handshake; NULL and
 * *why when the URL is not a WebSocket URL. */
static char *ws_parse_url(const char *url, char **host, char **target, char **why) {
  *host = *target = *why = NULL;
  const char *rest;
  const char *scheme;
  if (strncasecmp(url, "ws://", 5) == 0) scheme = "http://", rest = url + 5;
  else if (strncasecmp(url, "wss://", 6) == 0) scheme = "https://", rest = url + 6;
  else if (strncasecmp(url, "http://", 7) == 0) scheme = "http://", rest = url + 7;
  else if (strncasecmp(url, "https://", 8) == 0) scheme = "https://", rest = url + 8;
  else {
    *why = xasprintf("\"%s\" is not a ws: or wss: URL", url);
    return NULL;
  }
  char *http_url = xasprintf("%s%s", scheme, rest);
  CURLU *u = curl_url();
  if (!u) {
    free(http_url);
    *why = xstrdup("curl_url failed");
    return NULL;
  }
  char *h = NULL, *port = NULL, *path = NULL, *query = NULL;
  if (curl_url_set(u, CURLUPART_URL, http_url, 0) != CURLUE_OK ||
      curl_url_get(u, CURLUPART_HOST, &h, 0) != CURLUE_OK) {
    *why = xasprintf("\"%s\" is not a valid URL", url);
  } else {
    if (curl_url_get(u, CURLUPART_PORT, &port, 0) != CURLUE_OK) port = NULL;
    if (curl_url_get(u, CURLUPART_PATH, &path, 0) != CURLUE_OK) path = NULL;
    if (curl_url_get(u, CURLUPART_QUERY, &query, 0) != CURLUE_OK) query = NULL;
    *host = port ? xasprintf("%s:%s", h, port) : xstrdup(h);
    *target = xasprintf("%s%s%s", path ? path : "/", query ? "?" : "", query ? query : "");
  }
  curl_free(h);
  curl_free(port);
  curl_free(path);
  curl_free(query);
  curl_url_cleanup(u);
  if (*why) {
    free(http_url);
    return NULL;
  }
  return http_url;
}

static void ws_on_timer_closed(uv_handle_t *h) { free(h->data); }

ws_conn_t *ws_connect(uv_loop_t *loop, const ws_options_t *o, const ws_callbacks_t *cb) {
  ws_conn_t *c = xcalloc(1, sizeof *c);
  c->loop = loop;
  c->cb = *cb;
  c->url = xstrdup(o->url ? o->url : "");
  c->close_timeout_ms = o->close_timeout_ms > 0 ? o->close_timeout_ms : 5000;
  sbuf_init(&c->hs_out);
  sbuf_init(&c->hs_in);
  sbuf_init(&c->close_reason);
  uv_timer_init(loop, &c->timer);
  c->timer.data = c;
  c->n_protocols = o->n_protocols;
  c->protocols = xcalloc(o->n_protocols + 1, sizeof *c->protocols);
  for (size_t i = 0; i < o->n_protocols; i++) c->protocols[i] = xstrdup(o->protocols[i]);
  ws_codec_config_t cc = {ws_codec_message, ws_codec_closed, c, o->max_message, false};
  c->codec = ws_codec_new(&cc);
  c->key = ws_handshake_key();

  const char *why_dl = NULL;
  char *host = NULL, *target = NULL, *why = NULL;
  char *http_url = NULL;
  if (!curl_dl_load(&why_dl)) why = xstrdup(why_dl);
  else if (!c->codec) why = xstrdup("wslay could not be initialised");
  else http_url = ws_parse_url(c->url, &host, &target, &why);

  /* The handshake's own headers, then the caller's (checked for CR/LF like the client's). */
  const char **extra = xcalloc(o->n_headers + 1, sizeof *extra);
  size_t n_extra = 0;
  for (size_t i = 0; !why && i < o->n_headers; i++) {
    const http_header_t *h = &o->headers[i];
    if (strpbrk(h->name, "\r\n: ") || strpbrk(h->value, "\r\n"))
      why = xasprintf("invalid header \"%s\"", h->name);
    else extra[n_extra++] = xasprintf("%s: %s", h->name, h->value);
  }
  if (!why) {
    char *req = ws_handshake_request(host, target, c->key, (const char *const *)c->protocols,
                                     c->n_protocols, extra, n_extra);
    sbuf_puts(&c->hs_out, req);
    free(req);
  }
  for (size_t i = 0; i < n_extra; i++) free((char *)extra[i]);
  free(extra);
  free(host);
  free(target);

  /* A URL that cannot work still fails through the stream, on a later turn. */
  http_stream_req_t sr = {
      .url = why ? "" : http_url,
      .connect_timeout_ms = o->open_timeout_ms > 0 ? o->open_timeout_ms : 30000,
      .insecure = o->insecure,
      .proxy = o->proxy,
      .no_proxy = o->no_proxy,
      .connect_only = true,
  };
  http_stream_cb_t scb = {
      .on_connected = ws_on_connected,
      .on_io = ws_on_io,
      .on_end = ws_on_end,
      .userdata = c,
  };
  c->st = http_stream_open(loop, &sr, &scb);
  if (why) {
    /* Our reason rather than the stream's "missing URL", on a later turn as well. */
    http_stream_close(c->st);
    c->st = NULL;
    c->early_error = xasprintf("cannot open a WebSocket to %s: %s", c->url, why);
    free(why);
    uv_timer_start(&c->timer, ws_on_timer, 0, 0);
  } else {
    uv_timer_start(&c->timer, ws_on_timer, (uint64_t)sr.connect_timeout_ms, 0);
  }
  free(http_url);
  return c;
}

void ws_free(ws_conn_t *c) {
  if (!c || c->freed) return;
  c->freed = true;
  if (c->st) http_stream_close(c->st);
  c->st = NULL;
  ws_codec_free(c->codec);
  c->codec = NULL;
  free(c->url);
  free(c->key);
  free(c->early_error);
  for (size_t i = 0; i < c->n_protocols; i++) free(c->protocols[i]);
  free(c->protocols);
  sbuf_free(&c->hs_out);
  sbuf_free(&c->hs_in);
  sbuf_free(&c->close_reason);
  uv_close((uv_handle_t *)&c->timer, ws_on_timer_closed);
}

ws_state_t ws_state(const ws_conn_t *c) {
  switch (c->phase) {
  case PH_CONNECT:
  case PH_HANDSHAKE: return WS_CONNECTING;
  case PH_OPEN: return WS_OPEN;
  case PH_CLOSING: return WS_CLOSING;
  default: return WS_CLOSED;
  }
}

int ws_send(ws_conn_t *c, int opcode, const void *data, size_t len) {
  if (c->freed || c->phase != PH_OPEN) return -1;
  if (ws_codec_send(c->codec, opcode, data, len)) return -1;
  ws_pump_write(c);
  return 0;
}

void ws_close(ws_conn_t *c, uint16_t code, const char *reason, size_t reason_len) {
  if (c->freed || c->phase == PH_DONE || c->phase == PH_CLOSING) return;
  if (c->phase != PH_OPEN) {
    /* The end is reported on a later turn, never from inside ws_close (WHATWG queues the
     * events of a close() while connecting). */
    if (c->st) http_stream_close(c->st);
    c->st = NULL;
    if (!c->early_error) {
      c->early_error = xasprintf(
          "the WebSocket to %s was closed before the connection was "
          "established",
          c->url);
      c->early_code = "ECLOSED";
    }
    uv_timer_start(&c->timer, ws_on_timer, 0, 0);
    return;
  }
  c->phase = PH_CLOSING;
  if (ws_codec_close(c->codec, code, reason, reason_len)) {
    ws_finish(c, false, 1006, NULL, NULL, 0);
    return;
  }
  uv_timer_start(&c->timer, ws_on_timer, (uint64_t)c->close_timeout_ms, 0);
  ws_pump_write(c);
}

size_t ws_buffered(const ws_conn_t *c) {
  if (c->freed || !c->codec) return 0;
  return ws_codec_output(c->codec)->len + ws_codec_queued(c->codec);
}
