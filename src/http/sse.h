/* sse: the text/event-stream parser of the HTML standard ("Interpreting an event stream"):
 * bytes in, events out. No I/O and no JavaScript; the byte stream may come in pieces of any
 * size (a CR at the end of one piece and an LF at the start of the next are one line end).
 *
 * Text is passed through as bytes: the consumer decodes it as UTF-8 (with replacement, as
 * the standard asks). A leading UTF-8 BOM is dropped once. Lines and events are bounded
 * (`max_line`, `max_data`) so a stream that never ends a line or an event cannot grow
 * memory without limit: past a bound the parser fails for good (feed returns -1).
 *
 * Memory: the parser owns its buffers. The strings of an sse_event_t live until the
 * callback returns; the callback may not free the parser. */
#ifndef SONDE_HTTP_SSE_H
#define SONDE_HTTP_SSE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct sse_parser sse_parser_t;

typedef struct {
  const char *type; /* the "event:" field, or "message" */
  const char *data; /* "data:" lines joined with LF (the last LF removed), NUL-terminated */
  size_t data_len;
  const char *id; /* the last event ID in force when it was dispatched ("" for none) */
} sse_event_t;

typedef struct {
  /* An event to dispatch (a blank line after at least one "data:" field). */
  void (*on_event)(const sse_event_t *ev, void *userdata);
  /* A valid "retry:" field (ASCII digits only): the new reconnection time. May be NULL. */
  void (*on_retry)(long long ms, void *userdata);
  void *userdata;
  size_t max_line; /* 0: 1 MiB */
  size_t max_data; /* 0: 16 MiB; bounds one event's data */
} sse_config_t;

sse_parser_t *sse_parser_new(const sse_config_t *cfg);
void sse_parser_free(sse_parser_t *p);

/* Parses `n` more bytes. 0, or -1 once a bound was exceeded (then every later call returns
 * -1 and dispatches nothing; sse_parser_error says which bound). */
int sse_parser_feed(sse_parser_t *p, const char *buf, size_t n);
/* The end of the stream: the event being built is discarded, as the standard says. The
 * parser is ready for a new stream (a reconnection); the last event ID is kept. */
void sse_parser_end(sse_parser_t *p);
/* The last event ID buffer as the standard keeps it across events and reconnections (what
 * a reconnection sends as Last-Event-ID); "" for none. */
const char *sse_parser_last_event_id(const sse_parser_t *p);
/* Sets it, e.g. from an EventSource that reconnects with a new parser. */
void sse_parser_set_last_event_id(sse_parser_t *p, const char *id);
/* NULL, or a static message once feed returned -1. */
const char *sse_parser_error(const sse_parser_t *p);

#endif
