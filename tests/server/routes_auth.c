/* sonde-testserver: an OAuth2 client-credentials token endpoint for the auth helpers' e2e
 * tests (RFC 6749 4.4):
 *   POST /oauth/token   form body grant_type=client_credentials, client_id=sonde-client,
 *                       client_secret=sonde-client-secret-42 → 200 {"access_token":
 *                       "oauth-token-<n>" (n counts tokens issued), "token_type":"Bearer",
 *                       "expires_in": the form's expires_in or 3600, "received": the form's
 *                       fields but the secret}; bad credentials → 401 {"error":
 *                       "invalid_client"}; another grant type → 400 {"error":
 *                       "unsupported_grant_type"}.
 *
 * Memory: handlers borrow the request; the token counter is guarded by auth_lock. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"

#define AUTH_CLIENT_ID     "sonde-client"
#define AUTH_CLIENT_SECRET "sonde-client-secret-42"

static pthread_mutex_t auth_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long auth_issued;

static int auth_hex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* application/x-www-form-urlencoded text decoded ('+' is a space, %XX a byte). */
static json_t *auth_decode(const char *s, size_t n) {
  char *out = srv_xmalloc(n + 1);
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '+') {
      out[k++] = ' ';
    } else if (s[i] == '%' && i + 2 < n && auth_hex(s[i + 1]) >= 0 && auth_hex(s[i + 2]) >= 0) {
      out[k++] = (char)(auth_hex(s[i + 1]) * 16 + auth_hex(s[i + 2]));
      i += 2;
    } else {
      out[k++] = s[i];
    }
  }
  json_t *v = srv_json_string(out, k);
  free(out);
  return v;
}

/* The form body as a JSON object name → value (the last of repeated names wins). */
static json_t *auth_form(const char *body, size_t len) {
  json_t *form = srv_jcheck(json_object());
  size_t i = 0;
  while (i < len) {
    size_t end = i;
    while (end < len && body[end] != '&') end++;
    size_t eq = i;
    while (eq < end && body[eq] != '=') eq++;
    if (eq > i) {
      json_t *name = auth_decode(body + i, eq - i);
      json_t *value = eq < end ? auth_decode(body + eq + 1, end - eq - 1) : srv_json_string("", 0);
      srv_jset(form, json_string_value(name), value);
      json_decref(name);
    }
    i = end + 1;
  }
  return form;
}

static const char *auth_field(json_t *form, const char *name) {
  return json_string_value(json_object_get(form, name));
}

static enum MHD_Result auth_token(srv_request_t *req) {
  if (!srv_is_method(req, "POST")) return srv_reply_bad_method(req, "POST");
  json_t *form = auth_form(req->body ? req->body : "", req->body_len);
  const char *grant = auth_field(form, "grant_type");
  const char *id = auth_field(form, "client_id");
  const char *secret = auth_field(form, "client_secret");
  enum MHD_Result ret;
  if (!grant || strcmp(grant, "client_credentials") != 0) {
    ret =
        srv_reply_json(req, 400, srv_jcheck(json_pack("{s:s}", "error", "unsupported_grant_type")));
  } else if (!id || !secret || strcmp(id, AUTH_CLIENT_ID) != 0 ||
             strcmp(secret, AUTH_CLIENT_SECRET) != 0) {
    ret = srv_reply_json(req, 401, srv_jcheck(json_pack("{s:s}", "error", "invalid_client")));
  } else {
    unsigned long expires = 3600;
    const char *asked = auth_field(form, "expires_in");
    if (asked && !srv_parse_ulong(asked, 86400, &expires)) expires = 3600;
    srv_lock(&auth_lock);
    unsigned long n = ++auth_issued;
    srv_unlock(&auth_lock);
    char token[64];
    snprintf(token, sizeof token, "oauth-token-%lu", n);
    if (json_object_del(form, "client_secret") != 0) abort();
    json_t *body = srv_jcheck(json_pack("{s:s, s:s, s:i}", "access_token", token, "token_type",
                                        "Bearer", "expires_in", (json_int_t)expires));
    srv_jset(body, "received", json_incref(form));
    ret = srv_reply_json(req, MHD_HTTP_OK, body);
  }
  json_decref(form);
  return ret;
}

bool srv_route_auth(srv_request_t *req, enum MHD_Result *ret) {
  if (strcmp(req->path, "/oauth/token") != 0) return false;
  *ret = auth_token(req);
  return true;
}
