/* ipc: newline-delimited JSON framing for the launcher ⇄ worker channel (schema in
 * report/events.h). The reader owns its partial-line buffer; messages handed to the
 * callback are borrowed for the duration of the call. */
#ifndef SONDE_WORKER_IPC_H
#define SONDE_WORKER_IPC_H

#include <jansson.h>
#include <stddef.h>

#include "common/sbuf.h"

typedef void (*ipc_message_fn)(json_t *msg, void *userdata);

typedef struct {
  sbuf_t partial;
} ipc_reader_t;

/* Splits `data` into lines, parses each as JSON and calls `fn` for every object; a line
 * that is not JSON is ignored (and counted in the return value). */
int ipc_reader_feed(ipc_reader_t *r, const char *data, size_t len, ipc_message_fn fn, void *ud);
void ipc_reader_free(ipc_reader_t *r);

/* One line (without its '\n') as JSON: a new reference, or NULL when it is not JSON.
 * Strings are taken as UTF-8 without checking (the worker's come from jansson). */
json_t *ipc_decode(const char *line, size_t n);

/* One message as a malloc'd line ending in '\n'. */
char *ipc_encode(const json_t *msg, size_t *len);
/* The same line appended to `out`. */
void ipc_encode_to(sbuf_t *out, const json_t *msg);

/* Blocking write of `len` bytes (already encoded messages), waiting out EAGAIN. 0 or -1. */
int ipc_write_all(int fd, const char *data, size_t len);

#endif
