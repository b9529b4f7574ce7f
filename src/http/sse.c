/* sse: see sse.h. Follows the HTML standard's "Interpreting an event stream" step by step;
 * the comments name its rules where the code is not obvious. */
#include "http/sse.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"

struct sse_parser {
  sse_config_t cfg;
  sbuf_t line;       /* the line being read, without its end */
  sbuf_t data;       /* the data buffer: every "data:" value followed by LF */
  sbuf_t type;       /* the event type buffer */
  sbuf_t id;         /* the last event ID buffer */
  sbuf_t last_id;    /* the event source's last event ID string (set at each dispatch) */
  bool after_cr;     /* the previous byte ended a line with CR: an LF now is its pair */
  unsigned bom_seen; /* bytes of a leading BOM matched so far */
  bool bom_done;     /* past the place where a BOM may be */
  const char *error;
};

static const unsigned char sse_bom[3] = {0xEF, 0xBB, 0xBF};

sse_parser_t *sse_parser_new(const sse_config_t *cfg) {
  sse_parser_t *p = xcalloc(1, sizeof *p);
  p->cfg = *cfg;
  if (!p->cfg.max_line) p->cfg.max_line = (size_t)1 << 20;
  if (!p->cfg.max_data) p->cfg.max_data = (size_t)16 << 20;
  sbuf_init(&p->line);
  sbuf_init(&p->data);
  sbuf_init(&p->type);
  sbuf_init(&p->id);
  sbuf_init(&p->last_id);
  return p;
}

void sse_parser_free(sse_parser_t *p) {
  if (!p) return;
  sbuf_free(&p->line);
  sbuf_free(&p->data);
  sbuf_free(&p->type);
  sbuf_free(&p->id);
  sbuf_free(&p->last_id);
  free(p);
}

const char *sse_parser_last_event_id(const sse_parser_t *p) { return sbuf_cstr(&p->last_id); }

void sse_parser_set_last_event_id(sse_parser_t *p, const char *id) {
  sbuf_reset(&p->last_id);
  sbuf_puts(&p->last_id, id ? id : "");
  sbuf_reset(&p->id);
  sbuf_puts(&p->id, id ? id : "");
}

const char *sse_parser_error(const sse_parser_t *p) { return p->error; }

static bool sse_field_is(const char *f, size_t n, const char *name) {
  return n == strlen(name) && memcmp(f, name, n) == 0;
}

/* "Dispatch the event", run at a blank line. */
static void sse_dispatch(sse_parser_t *p) {
  /* The last event ID string is set even when no event follows. */
  sbuf_reset(&p->last_id);
  sbuf_puts(&p->last_id, sbuf_cstr(&p->id)); /* an id never holds NUL */
  if (p->data.len == 0) {
    sbuf_reset(&p->type);
    return;
  }
  p->data.len--; /* the LF after the last line */
  p->data.data[p->data.len] = '\0';
  sse_event_t ev = {
      .type = p->type.len ? p->type.data : "message",
      .data = p->data.data,
      .data_len = p->data.len,
      .id = sbuf_cstr(&p->last_id),
  };
  if (p->cfg.on_event) p->cfg.on_event(&ev, p->cfg.userdata);
  sbuf_reset(&p->data);
  sbuf_reset(&p->type);
}

/* A "retry:" value counts only when it is ASCII digits and nothing else. */
static void sse_retry(sse_parser_t *p, const char *v, size_t n) {
  if (n == 0) return;
  long long ms = 0;
  for (size_t i = 0; i < n; i++) {
    if (v[i] < '0' || v[i] > '9') return;
    if (ms > (LLONG_MAX - 9) / 10) return; /* too large to be a delay worth honouring */
    ms = ms * 10 + (v[i] - '0');
  }
  if (p->cfg.on_retry) p->cfg.on_retry(ms, p->cfg.userdata);
}

static int sse_line(sse_parser_t *p, const char *s, size_t n) {
  if (n == 0) {
    sse_dispatch(p);
    return 0;
  }
  if (s[0] == ':') return 0; /* a comment */
  const char *colon = memchr(s, ':', n);
  size_t flen = colon ? (size_t)(colon - s) : n;
  const char *v = colon ? colon + 1 : s + n;
  size_t vlen = colon ? n - flen - 1 : 0;
  if (vlen && v[0] == ' ') v++, vlen--;

  if (sse_field_is(s, flen, "event")) {
    sbuf_reset(&p->type);
    sbuf_append(&p->type, v, vlen);
  } else if (sse_field_is(s, flen, "data")) {
    if (p->data.len + vlen + 1 > p->cfg.max_data) {
      p->error = "an event's data exceeds the size limit";
      return -1;
    }
    sbuf_append(&p->data, v, vlen);
    sbuf_putc(&p->data, '\n');
  } else if (sse_field_is(s, flen, "id")) {
    if (!memchr(v, '\0', vlen)) { /* an id with NUL is ignored */
      sbuf_reset(&p->id);
      sbuf_append(&p->id, v, vlen);
    }
  } else if (sse_field_is(s, flen, "retry")) {
    sse_retry(p, v, vlen);
  }
  /* Any other field is ignored. */
  return 0;
}

/* Splits bytes (past the BOM) into lines; CR, LF and CRLF each end one. */
static int sse_bytes(sse_parser_t *p, const char *buf, size_t n) {
  size_t i = 0;
  while (i < n) {
    if (p->after_cr) {
      p->after_cr = false;
      if (buf[i] == '\n') {
        i++;
        continue;
      }
    }
    size_t j = i;
    while (j < n && buf[j] != '\n' && buf[j] != '\r') j++;
    if (p->line.len + (j - i) > p->cfg.max_line) {
      p->error = "a line of the event stream exceeds the size limit";
      return -1;
    }
    if (j == n) { /* no line end in this piece: keep the rest for the next */
      sbuf_append(&p->line, buf + i, j - i);
      return 0;
    }
    int rc;
    if (p->line.len == 0) {
      rc = sse_line(p, buf + i, j - i); /* the whole line is in this piece: no copy */
    } else {
      sbuf_append(&p->line, buf + i, j - i);
      rc = sse_line(p, p->line.data, p->line.len);
      sbuf_reset(&p->line);
    }
    if (rc) return rc;
    p->after_cr = buf[j] == '\r';
    i = j + 1;
  }
  return 0;
}

int sse_parser_feed(sse_parser_t *p, const char *buf, size_t n) {
  if (p->error) return -1;
  size_t i = 0;
  while (!p->bom_done && i < n) {
    if ((unsigned char)buf[i] == sse_bom[p->bom_seen]) {
      i++;
      if (++p->bom_seen == sizeof sse_bom) p->bom_done = true;
      continue;
    }
    /* Not a BOM after all: what matched of it is text. */
    p->bom_done = true;
    if (p->bom_seen && sse_bytes(p, (const char *)sse_bom, p->bom_seen)) return -1;
  }
  return sse_bytes(p, buf + i, n - i);
}

void sse_parser_end(sse_parser_t *p) {
  /* A partial BOM at the very end is text that never became a line: dropped with it. */
  sbuf_reset(&p->line);
  sbuf_reset(&p->data);
  sbuf_reset(&p->type);
  sbuf_reset(&p->id);
  sbuf_puts(&p->id, sbuf_cstr(&p->last_id));
  p->after_cr = false;
  p->bom_seen = 0;
  p->bom_done = false;
  p->error = NULL;
}
