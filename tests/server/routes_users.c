/* sonde-testserver: the demo users API (an in-memory store seeded with three users) and
 * the bearer-token-protected /protected resource used by the examples.
 *
 * Memory: the store owns its users and their strings, guarded by users_lock;
 * srv_users_cleanup frees them. Handlers build JSON copies under the lock and reply
 * after releasing it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "server.h"

#define USERS_MAX_ID    1000000000ul
#define USERS_MAX_LIMIT 1000000ul
#define USERS_TOKEN     "secret-token"

typedef struct {
  unsigned long id;
  char *name;
  char *email;
  char *role;
  char created_at[32]; /* ISO 8601, UTC, millisecond precision, like JS toISOString() */
} users_user_t;

static const struct {
  const char *name, *email, *role, *created_at;
} users_seed[] = {
    {"Ada Lovelace", "ada@example.com", "admin", "2024-01-15T09:30:00.000Z"},
    {"Grace Hopper", "grace@example.com", "user", "2024-02-20T14:00:00.000Z"},
    {"Alan Turing", "alan@example.com", "user", "2024-03-10T08:45:00.000Z"},
};

static pthread_mutex_t users_lock = PTHREAD_MUTEX_INITIALIZER;
static users_user_t *users_items; /* ordered by id */
static size_t users_len, users_cap;
static unsigned long users_next_id;

/* ---- store (callers hold users_lock) ---- */

static void users_free_fields(users_user_t *u) {
  free(u->name);
  free(u->email);
  free(u->role);
}

static void users_set_field(char **field, const char *value) {
  char *copy = srv_xstrdup(value);
  free(*field);
  *field = copy;
}

static users_user_t *users_find(unsigned long id) {
  for (size_t i = 0; i < users_len; i++)
    if (users_items[i].id == id) return &users_items[i];
  return NULL;
}

static users_user_t *users_append(const char *name, const char *email, const char *role,
                                  const char *created_at) {
  if (users_len == users_cap) {
    users_cap = users_cap ? users_cap * 2 : 8;
    users_items = srv_xrealloc(users_items, users_cap * sizeof *users_items);
  }
  users_user_t *u = &users_items[users_len++];
  memset(u, 0, sizeof *u);
  u->id = users_next_id++;
  users_set_field(&u->name, name);
  users_set_field(&u->email, email);
  users_set_field(&u->role, role);
  snprintf(u->created_at, sizeof u->created_at, "%s", created_at);
  return u;
}

static void users_clear(void) {
  for (size_t i = 0; i < users_len; i++) users_free_fields(&users_items[i]);
  users_len = 0;
}

static json_t *users_to_json(const users_user_t *u) {
  return srv_jcheck(json_pack("{s:I,s:s,s:s,s:s,s:s}", "id", (json_int_t)u->id, "name", u->name,
                              "email", u->email, "role", u->role, "createdAt", u->created_at));
}

void srv_users_reset(void) {
  srv_lock(&users_lock);
  users_clear();
  users_next_id = 1;
  for (size_t i = 0; i < sizeof users_seed / sizeof users_seed[0]; i++)
    users_append(users_seed[i].name, users_seed[i].email, users_seed[i].role,
                 users_seed[i].created_at);
  srv_unlock(&users_lock);
}

void srv_users_cleanup(void) {
  srv_lock(&users_lock);
  users_clear();
  free(users_items);
  users_items = NULL;
  users_cap = 0;
  srv_unlock(&users_lock);
}

static void users_now(char out[32]) {
  struct timespec ts;
  struct tm tm;
  if (clock_gettime(CLOCK_REALTIME, &ts) != 0 || !gmtime_r(&ts.tv_sec, &tm)) {
    snprintf(out, 32, "1970-01-01T00:00:00.000Z");
    return;
  }
  size_t n = strftime(out, 32, "%Y-%m-%dT%H:%M:%S", &tm);
  snprintf(out + n, 32 - n, ".%03ldZ", ts.tv_nsec / 1000000L);
}

/* ---- request bodies ---- */

static void users_detail(json_t *details, const char *field, const char *error) {
  srv_jappend(details, json_pack("{s:s,s:s}", "field", field, "error", error));
}

/* Returns the list of problems ([] when none). `partial` (PATCH) checks only the fields
 * present; otherwise name and email are required. */
static json_t *users_validate(json_t *body, bool partial) {
  json_t *details = srv_jcheck(json_array());
  json_t *name = json_object_get(body, "name");
  json_t *email = json_object_get(body, "email");
  json_t *role = json_object_get(body, "role");

  if (!name) {
    if (!partial) users_detail(details, "name", "is required");
  } else if (!json_is_string(name) || json_string_length(name) == 0) {
    users_detail(details, "name", "must be a non-empty string");
  }
  if (!email) {
    if (!partial) users_detail(details, "email", "is required");
  } else if (!json_is_string(email) || !strchr(json_string_value(email), '@') ||
             !strchr(json_string_value(email), '.')) {
    users_detail(details, "email", "must be a valid email");
  }
  if (role && !(json_is_string(role) && (strcmp(json_string_value(role), "admin") == 0 ||
                                         strcmp(json_string_value(role), "user") == 0)))
    users_detail(details, "role", "must be one of: admin, user");
  return details;
}

/* Parses and validates the body of POST/PUT/PATCH. On a problem it replies 400, stores
 * the result in *ret and returns NULL; otherwise returns the object (caller owns). */
static json_t *users_read_body(srv_request_t *req, bool partial, enum MHD_Result *ret) {
  json_error_t err;
  json_t *body = req->body_len ? json_loadb(req->body, req->body_len, 0, &err) : NULL;
  if (!body) {
    *ret = srv_reply_error(req, MHD_HTTP_BAD_REQUEST, "INVALID_JSON",
                           "Request body is not valid JSON: %s",
                           req->body_len ? err.text : "empty body");
    return NULL;
  }
  if (!json_is_object(body)) {
    json_decref(body);
    *ret = srv_reply_error(req, MHD_HTTP_BAD_REQUEST, "INVALID_JSON",
                           "Request body must be a JSON object");
    return NULL;
  }
  json_t *details = users_validate(body, partial);
  if (json_array_size(details) > 0) {
    json_decref(body);
    json_t *reply = srv_jcheck(json_object());
    srv_jset(reply, "code", json_string("VALIDATION_ERROR"));
    srv_jset(reply, "message", json_string("Validation failed"));
    srv_jset(reply, "details", details);
    *ret = srv_reply_json(req, MHD_HTTP_BAD_REQUEST, reply);
    return NULL;
  }
  json_decref(details);
  return body;
}

/* A validated field's value, or `fallback` when absent. */
static const char *users_field(json_t *body, const char *key, const char *fallback) {
  json_t *v = json_object_get(body, key);
  return v ? json_string_value(v) : fallback;
}

/* ---- handlers ---- */

static enum MHD_Result users_list(srv_request_t *req) {
  const char *role = MHD_lookup_connection_value(req->conn, MHD_GET_ARGUMENT_KIND, "role");
  const char *limit_arg = MHD_lookup_connection_value(req->conn, MHD_GET_ARGUMENT_KIND, "limit");
  unsigned long limit = USERS_MAX_LIMIT;
  if (limit_arg && !srv_parse_ulong(limit_arg, USERS_MAX_LIMIT, &limit))
    return srv_reply_error(req, MHD_HTTP_BAD_REQUEST, "INVALID_QUERY",
                           "limit must be a non-negative integer, got \"%s\"", limit_arg);

  json_t *list = srv_jcheck(json_array());
  srv_lock(&users_lock);
  for (size_t i = 0; i < users_len && json_array_size(list) < limit; i++)
    if (!role || strcmp(users_items[i].role, role) == 0)
      srv_jappend(list, users_to_json(&users_items[i]));
  srv_unlock(&users_lock);
  return srv_reply_json(req, MHD_HTTP_OK, list);
}

static enum MHD_Result users_not_found(srv_request_t *req, unsigned long id) {
  return srv_reply_error(req, MHD_HTTP_NOT_FOUND, "NOT_FOUND", "User %lu not found", id);
}

static enum MHD_Result users_get(srv_request_t *req, unsigned long id) {
  srv_lock(&users_lock);
  users_user_t *u = users_find(id);
  json_t *user = u ? users_to_json(u) : NULL;
  srv_unlock(&users_lock);
  return user ? srv_reply_json(req, MHD_HTTP_OK, user) : users_not_found(req, id);
}

static enum MHD_Result users_create(srv_request_t *req) {
  enum MHD_Result ret;
  json_t *body = users_read_body(req, false, &ret);
  if (!body) return ret;
  char created_at[32];
  users_now(created_at);

  srv_lock(&users_lock);
  users_user_t *u = users_append(users_field(body, "name", NULL), users_field(body, "email", NULL),
                                 users_field(body, "role", "user"), created_at);
  json_t *user = users_to_json(u);
  unsigned long id = u->id;
  srv_unlock(&users_lock);
  json_decref(body);

  char location[48];
  snprintf(location, sizeof location, "/users/%lu", id);
  struct MHD_Response *resp = srv_response_json(user);
  return srv_queue(req, MHD_HTTP_CREATED,
                   srv_response_header(resp, MHD_HTTP_HEADER_LOCATION, location));
}

/* PUT replaces every field (a missing role goes back to "user"); PATCH changes only the
 * fields given. id and createdAt never change. */
static enum MHD_Result users_update(srv_request_t *req, unsigned long id, bool partial) {
  enum MHD_Result ret;
  json_t *body = users_read_body(req, partial, &ret);
  if (!body) return ret;

  srv_lock(&users_lock);
  users_user_t *u = users_find(id);
  json_t *user = NULL;
  if (u) {
    const char *name = users_field(body, "name", partial ? u->name : NULL);
    const char *email = users_field(body, "email", partial ? u->email : NULL);
    const char *role = users_field(body, "role", partial ? u->role : "user");
    /* Copies first: name may alias u->name when PATCH leaves it alone. */
    char *n = srv_xstrdup(name), *e = srv_xstrdup(email), *r = srv_xstrdup(role);
    users_free_fields(u);
    u->name = n;
    u->email = e;
    u->role = r;
    user = users_to_json(u);
  }
  srv_unlock(&users_lock);
  json_decref(body);
  return user ? srv_reply_json(req, MHD_HTTP_OK, user) : users_not_found(req, id);
}

static enum MHD_Result users_delete(srv_request_t *req, unsigned long id) {
  bool found = false;
  srv_lock(&users_lock);
  for (size_t i = 0; i < users_len; i++) {
    if (users_items[i].id != id) continue;
    users_free_fields(&users_items[i]);
    memmove(&users_items[i], &users_items[i + 1], (users_len - i - 1) * sizeof *users_items);
    users_len--;
    found = true;
    break;
  }
  srv_unlock(&users_lock);
  if (!found) return users_not_found(req, id);
  return srv_queue(req, MHD_HTTP_NO_CONTENT,
                   MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT));
}

static enum MHD_Result users_by_id(srv_request_t *req, const char *id_text) {
  unsigned long id;
  if (!srv_parse_ulong(id_text, USERS_MAX_ID, &id))
    return srv_reply_error(req, MHD_HTTP_BAD_REQUEST, "INVALID_ID",
                           "User id must be a positive integer, got \"%s\"", id_text);
  if (srv_is_get(req)) return users_get(req, id);
  if (srv_is_method(req, "PUT")) return users_update(req, id, false);
  if (srv_is_method(req, "PATCH")) return users_update(req, id, true);
  if (srv_is_method(req, "DELETE")) return users_delete(req, id);
  return srv_reply_bad_method(req, "GET, HEAD, PUT, PATCH, DELETE");
}

/* 200 only for "Authorization: Bearer secret-token" (scheme case-insensitive, RFC 7235). */
static enum MHD_Result users_protected(srv_request_t *req) {
  if (!srv_is_get(req)) return srv_reply_bad_method(req, "GET, HEAD");
  const char *auth =
      MHD_lookup_connection_value(req->conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_AUTHORIZATION);
  if (auth && strncasecmp(auth, "Bearer ", 7) == 0 && strcmp(auth + 7, USERS_TOKEN) == 0)
    return srv_reply_json(req, MHD_HTTP_OK, srv_jcheck(json_pack("{s:s}", "secret", "42")));

  struct MHD_Response *resp = srv_response_json(srv_jcheck(
      json_pack("{s:s,s:s}", "code", "UNAUTHORIZED", "message", "Missing or invalid token")));
  return srv_queue(req, MHD_HTTP_UNAUTHORIZED,
                   srv_response_header(resp, MHD_HTTP_HEADER_WWW_AUTHENTICATE, "Bearer"));
}

bool srv_route_users(srv_request_t *req, enum MHD_Result *ret) {
  const char *p = req->path;
  if (strcmp(p, "/users") == 0) {
    if (srv_is_get(req)) *ret = users_list(req);
    else if (srv_is_method(req, "POST")) *ret = users_create(req);
    else *ret = srv_reply_bad_method(req, "GET, HEAD, POST");
  } else if (strncmp(p, "/users/", 7) == 0 && p[7] != '\0' && !strchr(p + 7, '/')) {
    *ret = users_by_id(req, p + 7);
  } else if (strcmp(p, "/protected") == 0) {
    *ret = users_protected(req);
  } else {
    return false;
  }
  return true;
}
