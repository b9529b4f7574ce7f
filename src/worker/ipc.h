/* ipc: newline-delimited JSON framing for the launcher ⇄ worker channel (schema in
 * report/events.h), with test and suite titles sent once per channel (ipc_titles_t). The
 * reader owns its partial-line buffer and its titles; messages handed to the callback are
 * borrowed for the duration of the call. */
#ifndef SONDE_WORKER_IPC_H
#define SONDE_WORKER_IPC_H

#include <jansson.h>
#include <stddef.h>

#include "common/sbuf.h"

typedef void (*ipc_message_fn)(json_t *msg, void *userdata);

/* Titles once (report/events.h): the title groups (title, fullTitle, parent, file) one end
 * of a channel has sent and the other end has read, in IPC_TITLE_SLOTS numbered slots that
 * both ends fill alike. A slot holds references to jansson strings; the table is allocated
 * at the first group and released by ipc_titles_free. */
#define IPC_TITLE_SLOTS 256
#define IPC_TITLE_KEYS  4
typedef struct {
  json_t *(*slot)[IPC_TITLE_KEYS]; /* IPC_TITLE_SLOTS groups; NULL until the first */
} ipc_titles_t;
void ipc_titles_free(ipc_titles_t *t);

typedef struct {
  sbuf_t partial;
  sbuf_t text;         /* the strings of the line being read, unescaped */
  ipc_titles_t titles; /* the writer's groups, as its messages defined them */
} ipc_reader_t;

/* Splits `data` into lines, parses each as JSON and calls `fn` for every object, with the
 * titles a message refers to put back in it; a line that is not JSON, or refers to a group
 * it cannot, is ignored (and counted in the return value). */
int ipc_reader_feed(ipc_reader_t *r, const char *data, size_t len, ipc_message_fn fn, void *ud);
void ipc_reader_free(ipc_reader_t *r);

/* One line (without its '\n') as JSON: a new reference, or NULL when it is not JSON.
 * Strings are taken as UTF-8 without checking (the worker's come from jansson). */
json_t *ipc_decode(const char *line, size_t n);

/* One message as a malloc'd line ending in '\n'. */
char *ipc_encode(const json_t *msg, size_t *len);
/* The same line appended to `out`. */
void ipc_encode_to(sbuf_t *out, const json_t *msg);
/* The same, with the message's titles sent once: a group `titles` (the writer's half of
 * the channel) already holds is replaced by its slot number, one that extends a suite's
 * group by the suite's number. The message is not changed. */
void ipc_encode_event_to(sbuf_t *out, ipc_titles_t *titles, const json_t *msg);

/* Blocking write of `len` bytes (already encoded messages), waiting out EAGAIN. 0 or -1. */
int ipc_write_all(int fd, const char *data, size_t len);

#endif
