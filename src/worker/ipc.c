#include "worker/ipc.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int handle_line(const char *line, size_t n, ipc_message_fn fn, void *ud) {
  if (n == 0) return 0;
  json_error_t jerr;
  json_t *msg = json_loadb(line, n, 0, &jerr);
  if (!msg || !json_is_object(msg)) {
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
      bad += handle_line(r->partial.data, r->partial.len, fn, ud);
      sbuf_reset(&r->partial);
    } else {
      bad += handle_line(p, (size_t)(nl - p), fn, ud);
    }
    p = nl + 1;
  }
  return bad;
}

void ipc_reader_free(ipc_reader_t *r) {
  sbuf_free(&r->partial);
}

char *ipc_encode(const json_t *msg, size_t *len) {
  char *text = json_dumps(msg, JSON_COMPACT);
  if (!text) text = strdup("{}");
  size_t n = strlen(text);
  char *line = xmalloc(n + 2);
  memcpy(line, text, n);
  line[n] = '\n';
  line[n + 1] = '\0';
  free(text);
  if (len) *len = n + 1;
  return line;
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

int ipc_write_fd(int fd, const json_t *msg) {
  size_t len;
  char *line = ipc_encode(msg, &len);
  int rc = ipc_write_all(fd, line, len);
  free(line);
  return rc;
}
