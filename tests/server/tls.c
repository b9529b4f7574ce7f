/* sonde-testserver: TLS material and the ALPN probe.
 *
 * srv_tls_make_cert creates, at every start, a self-signed ECDSA P-256 certificate for
 * 127.0.0.1 and localhost (server.c hands it to the HTTPS daemon), so no key is checked in
 * and clients must either skip verification or fail with an untrusted certificate.
 *
 * The ALPN probe (srv_h2_start) is a bare GnuTLS listener, because libmicrohttpd speaks no
 * HTTP/2: it offers h2 and http/1.1 and answers every request with {"alpn":"<protocol>"}.
 * For h2 it speaks just enough HTTP/2 (RFC 9113): the server preface, SETTINGS and PING
 * acknowledgements, and per request stream a HEADERS frame (HPACK: the indexed ":status:
 * 200" and literal content-type/content-length, no Huffman) and one DATA frame. Request
 * header blocks are never decoded; a stream is answered once it ends. That proves which
 * protocol the client negotiated and used, which is all the tests ask of it.
 *
 * Memory: the credentials live until srv_h2_stop; each connection thread owns its session
 * and socket. srv_h2_stop closes the listener, shuts every open connection down and joins
 * every thread, so nothing is left for LeakSanitizer. */
#include <arpa/inet.h>
#include <errno.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "server.h"

#define H2_MAX_CONNS 64

unsigned srv_port_http, srv_port_https, srv_port_h2;

/* ---- the certificate ---- */

#define TLS_TRY(call)                                                             \
  do {                                                                            \
    int rc_ = (call);                                                             \
    if (rc_ < 0) {                                                                \
      fprintf(stderr, "sonde-testserver: %s: %s\n", #call, gnutls_strerror(rc_)); \
      goto out;                                                                   \
    }                                                                             \
  } while (0)

static char *tls_datum_str(gnutls_datum_t *d) {
  char *s = srv_xmalloc(d->size + 1);
  memcpy(s, d->data, d->size);
  s[d->size] = '\0';
  gnutls_free(d->data);
  d->data = NULL;
  return s;
}

int srv_tls_make_cert(char **cert_pem, char **key_pem) {
  gnutls_x509_privkey_t key = NULL;
  gnutls_x509_crt_t crt = NULL;
  gnutls_datum_t out = {NULL, 0};
  int status = -1;
  *cert_pem = *key_pem = NULL;

  TLS_TRY(gnutls_x509_privkey_init(&key));
  TLS_TRY(gnutls_x509_privkey_generate(key, GNUTLS_PK_ECDSA,
                                       GNUTLS_CURVE_TO_BITS(GNUTLS_ECC_CURVE_SECP256R1), 0));
  TLS_TRY(gnutls_x509_crt_init(&crt));
  TLS_TRY(gnutls_x509_crt_set_version(crt, 3));
  unsigned char serial[8];
  TLS_TRY(gnutls_rnd(GNUTLS_RND_NONCE, serial, sizeof serial));
  serial[0] &= 0x7F; /* a positive INTEGER */
  TLS_TRY(gnutls_x509_crt_set_serial(crt, serial, sizeof serial));
  time_t now = time(NULL);
  TLS_TRY(gnutls_x509_crt_set_activation_time(crt, now - 3600));
  TLS_TRY(gnutls_x509_crt_set_expiration_time(crt, now + 7 * 86400));
  static const char cn[] = "sonde-testserver";
  TLS_TRY(gnutls_x509_crt_set_dn_by_oid(crt, GNUTLS_OID_X520_COMMON_NAME, 0, cn, sizeof cn - 1));
  TLS_TRY(gnutls_x509_crt_set_subject_alt_name(crt, GNUTLS_SAN_DNSNAME, "localhost", 9,
                                               GNUTLS_FSAN_APPEND));
  static const unsigned char loopback[4] = {127, 0, 0, 1};
  TLS_TRY(gnutls_x509_crt_set_subject_alt_name(crt, GNUTLS_SAN_IPADDRESS, loopback, sizeof loopback,
                                               GNUTLS_FSAN_APPEND));
  TLS_TRY(gnutls_x509_crt_set_key(crt, key));
  TLS_TRY(gnutls_x509_crt_set_basic_constraints(crt, 0, -1));
  TLS_TRY(gnutls_x509_crt_set_key_usage(crt, GNUTLS_KEY_DIGITAL_SIGNATURE));
  TLS_TRY(gnutls_x509_crt_set_key_purpose_oid(crt, GNUTLS_KP_TLS_WWW_SERVER, 0));
  TLS_TRY(gnutls_x509_crt_sign2(crt, crt, key, GNUTLS_DIG_SHA256, 0));
  TLS_TRY(gnutls_x509_crt_export2(crt, GNUTLS_X509_FMT_PEM, &out));
  *cert_pem = tls_datum_str(&out);
  TLS_TRY(gnutls_x509_privkey_export2(key, GNUTLS_X509_FMT_PEM, &out));
  *key_pem = tls_datum_str(&out);
  status = 0;
out:
  if (status != 0) {
    free(*cert_pem);
    *cert_pem = NULL;
  }
  if (crt) gnutls_x509_crt_deinit(crt);
  if (key) gnutls_x509_privkey_deinit(key);
  return status;
}

/* ---- the ALPN probe ---- */

typedef struct {
  pthread_t thread;
  int fd; /* -1 once the thread is done with it */
  bool used;
} h2_conn_t;

static struct {
  gnutls_certificate_credentials_t creds;
  int listen_fd;
  pthread_t accept_thread;
  pthread_mutex_t lock; /* guards conns and stopping */
  h2_conn_t conns[H2_MAX_CONNS];
  bool stopping;
  bool running;
} h2 = {.listen_fd = -1, .lock = PTHREAD_MUTEX_INITIALIZER};

static bool h2_send(gnutls_session_t s, const void *data, size_t len) {
  const unsigned char *p = data;
  while (len > 0) {
    ssize_t n = gnutls_record_send(s, p, len);
    if (n == GNUTLS_E_AGAIN || n == GNUTLS_E_INTERRUPTED) continue;
    if (n <= 0) return false;
    p += n;
    len -= (size_t)n;
  }
  return true;
}

static bool h2_recv(gnutls_session_t s, void *data, size_t len) {
  unsigned char *p = data;
  while (len > 0) {
    ssize_t n = gnutls_record_recv(s, p, len);
    if (n == GNUTLS_E_AGAIN || n == GNUTLS_E_INTERRUPTED) continue;
    if (n <= 0) return false;
    p += n;
    len -= (size_t)n;
  }
  return true;
}

static bool h2_frame(gnutls_session_t s, uint8_t type, uint8_t flags, uint32_t stream,
                     const void *payload, size_t len) {
  unsigned char hdr[9] = {(unsigned char)(len >> 16),
                          (unsigned char)(len >> 8),
                          (unsigned char)len,
                          type,
                          flags,
                          (unsigned char)(stream >> 24),
                          (unsigned char)(stream >> 16),
                          (unsigned char)(stream >> 8),
                          (unsigned char)stream};
  return h2_send(s, hdr, sizeof hdr) && (len == 0 || h2_send(s, payload, len));
}

/* HPACK literal header field without indexing, indexed name (index > 15), no Huffman. */
static size_t h2_literal(unsigned char *out, unsigned index, const char *value) {
  size_t n = strlen(value), o = 0;
  out[o++] = 0x0F;
  out[o++] = (unsigned char)(index - 15);
  out[o++] = (unsigned char)n; /* short values only: < 127 */
  memcpy(out + o, value, n);
  return o + n;
}

static bool h2_respond(gnutls_session_t s, uint32_t stream) {
  char body[64];
  int blen = snprintf(body, sizeof body, "{\"alpn\":\"h2\",\"stream\":%u}", (unsigned)stream);
  char clen[16];
  snprintf(clen, sizeof clen, "%d", blen);
  unsigned char block[128];
  size_t n = 0;
  block[n++] = 0x88;                                  /* indexed field 8: ":status: 200" */
  n += h2_literal(block + n, 31, "application/json"); /* 31: content-type */
  n += h2_literal(block + n, 28, clen);               /* 28: content-length */
  return h2_frame(s, 0x1 /* HEADERS */, 0x4 /* END_HEADERS */, stream, block, n) &&
         h2_frame(s, 0x0 /* DATA */, 0x1 /* END_STREAM */, stream, body, (size_t)blen);
}

static void h2_serve_h2(gnutls_session_t s) {
  char preface[24];
  if (!h2_recv(s, preface, sizeof preface) ||
      memcmp(preface, "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", sizeof preface) != 0)
    return;
  if (!h2_frame(s, 0x4 /* SETTINGS */, 0, 0, NULL, 0)) return;
  uint32_t ended = 0; /* a stream whose END_STREAM came before its END_HEADERS */
  for (;;) {
    unsigned char hdr[9];
    if (!h2_recv(s, hdr, sizeof hdr)) return;
    size_t len = ((size_t)hdr[0] << 16) | ((size_t)hdr[1] << 8) | hdr[2];
    uint8_t type = hdr[3], flags = hdr[4];
    uint32_t stream = (((uint32_t)hdr[5] & 0x7F) << 24) | ((uint32_t)hdr[6] << 16) |
                      ((uint32_t)hdr[7] << 8) | hdr[8];
    if (len > 1u << 20) return;
    unsigned char *payload = srv_xmalloc(len ? len : 1);
    bool ok = len == 0 || h2_recv(s, payload, len);
    if (ok && type == 0x4 && !(flags & 0x1)) { /* SETTINGS: acknowledge */
      ok = h2_frame(s, 0x4, 0x1, 0, NULL, 0);
    } else if (ok && type == 0x6 && !(flags & 0x1) && len == 8) { /* PING: answer */
      ok = h2_frame(s, 0x6, 0x1, 0, payload, 8);
    } else if (ok && type == 0x7) { /* GOAWAY */
      ok = false;
    } else if (ok && (type == 0x1 || type == 0x0 || type == 0x9)) {
      /* HEADERS, DATA, CONTINUATION: answer once the stream's request is complete. */
      bool end_stream = (type != 0x9) && (flags & 0x1);
      bool end_headers = (type == 0x1 || type == 0x9) && (flags & 0x4);
      if (type == 0x1 && end_stream && !end_headers) ended = stream;
      else if (type == 0x9 && end_headers && ended == stream) ok = h2_respond(s, stream);
      else if (end_stream) ok = h2_respond(s, stream);
    }
    free(payload);
    if (!ok) return;
  }
}

/* HTTP/1.1 (or no ALPN): one request, one response, then close. */
static void h2_serve_http1(gnutls_session_t s, const char *alpn) {
  char buf[8192];
  size_t have = 0;
  while (have < sizeof buf - 1) {
    ssize_t n = gnutls_record_recv(s, buf + have, sizeof buf - 1 - have);
    if (n == GNUTLS_E_AGAIN || n == GNUTLS_E_INTERRUPTED) continue;
    if (n <= 0) return;
    have += (size_t)n;
    buf[have] = '\0';
    if (strstr(buf, "\r\n\r\n")) break;
  }
  char body[64], resp[256];
  int blen = snprintf(body, sizeof body, "{\"alpn\":\"%s\"}", alpn);
  int rlen = snprintf(resp, sizeof resp,
                      "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                      "Content-Length: %d\r\nConnection: close\r\n\r\n%s",
                      blen, body);
  h2_send(s, resp, (size_t)rlen);
}

static void *h2_conn_main(void *arg) {
  h2_conn_t *c = arg;
  gnutls_session_t s = NULL;
  if (gnutls_init(&s, GNUTLS_SERVER) < 0) goto out;
  static const gnutls_datum_t protos[2] = {{(unsigned char *)"h2", 2},
                                           {(unsigned char *)"http/1.1", 8}};
  if (gnutls_set_default_priority(s) < 0 ||
      gnutls_credentials_set(s, GNUTLS_CRD_CERTIFICATE, h2.creds) < 0 ||
      gnutls_alpn_set_protocols(s, protos, 2, GNUTLS_ALPN_SERVER_PRECEDENCE) < 0)
    goto out;
  gnutls_transport_set_int(s, c->fd);
  gnutls_handshake_set_timeout(s, 10000);
  int rc;
  do { rc = gnutls_handshake(s); } while (rc < 0 && !gnutls_error_is_fatal(rc));
  if (rc < 0) goto out; /* e.g. a client that rejected the self-signed certificate */
  gnutls_datum_t selected = {NULL, 0};
  char alpn[16] = "none";
  if (gnutls_alpn_get_selected_protocol(s, &selected) == 0 && selected.size < sizeof alpn) {
    memcpy(alpn, selected.data, selected.size);
    alpn[selected.size] = '\0';
  }
  if (strcmp(alpn, "h2") == 0) h2_serve_h2(s);
  else h2_serve_http1(s, alpn);
  gnutls_bye(s, GNUTLS_SHUT_WR);
out:
  if (s) gnutls_deinit(s);
  srv_lock(&h2.lock);
  close(c->fd);
  c->fd = -1;
  srv_unlock(&h2.lock);
  return NULL;
}

/* Joins connection threads that have finished, so their slots can be reused. */
static void h2_reap(bool all) {
  for (size_t i = 0; i < H2_MAX_CONNS; i++) {
    srv_lock(&h2.lock);
    h2_conn_t *c = &h2.conns[i];
    bool join = c->used && (all || c->fd < 0);
    if (join && c->fd >= 0) shutdown(c->fd, SHUT_RDWR); /* wakes a blocked recv */
    srv_unlock(&h2.lock);
    if (!join) continue;
    if (pthread_join(c->thread, NULL) != 0) abort();
    c->used = false;
  }
}

static void *h2_accept_main(void *arg) {
  for (;;) {
    int fd = accept(h2.listen_fd, NULL, NULL);
    if (fd < 0) {
      if (errno == EINTR || errno == ECONNABORTED) continue;
      return NULL; /* the listener was shut down */
    }
    h2_reap(false);
    srv_lock(&h2.lock);
    h2_conn_t *slot = NULL;
    for (size_t i = 0; i < H2_MAX_CONNS && !slot && !h2.stopping; i++)
      if (!h2.conns[i].used) slot = &h2.conns[i];
    if (slot) {
      slot->fd = fd;
      slot->used = true;
      if (pthread_create(&slot->thread, NULL, h2_conn_main, slot) != 0) {
        slot->used = false;
        slot = NULL;
      }
    }
    srv_unlock(&h2.lock);
    if (!slot) close(fd);
  }
}

unsigned srv_h2_start(const char *cert_pem, const char *key_pem) {
  gnutls_datum_t cert = {(unsigned char *)cert_pem, (unsigned)strlen(cert_pem)};
  gnutls_datum_t key = {(unsigned char *)key_pem, (unsigned)strlen(key_pem)};
  if (gnutls_certificate_allocate_credentials(&h2.creds) < 0) return 0;
  if (gnutls_certificate_set_x509_key_mem(h2.creds, &cert, &key, GNUTLS_X509_FMT_PEM) < 0)
    goto fail;
  h2.listen_fd = socket(AF_INET, SOCK_STREAM, 0);
  if (h2.listen_fd < 0) goto fail;
  struct sockaddr_in addr;
  memset(&addr, 0, sizeof addr);
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t alen = sizeof addr;
  if (bind(h2.listen_fd, (struct sockaddr *)&addr, sizeof addr) != 0 ||
      listen(h2.listen_fd, 16) != 0 ||
      getsockname(h2.listen_fd, (struct sockaddr *)&addr, &alen) != 0)
    goto fail;
  if (pthread_create(&h2.accept_thread, NULL, h2_accept_main, NULL) != 0) goto fail;
  h2.running = true;
  return ntohs(addr.sin_port);
fail:
  fprintf(stderr, "sonde-testserver: the ALPN probe could not start: %s\n", strerror(errno));
  if (h2.listen_fd >= 0) close(h2.listen_fd);
  h2.listen_fd = -1;
  gnutls_certificate_free_credentials(h2.creds);
  h2.creds = NULL;
  return 0;
}

void srv_h2_stop(void) {
  if (!h2.running) return;
  srv_lock(&h2.lock);
  h2.stopping = true;
  srv_unlock(&h2.lock);
  /* shutdown() wakes the blocked accept(); close() alone would not. */
  shutdown(h2.listen_fd, SHUT_RDWR);
  if (pthread_join(h2.accept_thread, NULL) != 0) abort();
  close(h2.listen_fd);
  h2_reap(true);
  gnutls_certificate_free_credentials(h2.creds);
  h2.running = false;
}
