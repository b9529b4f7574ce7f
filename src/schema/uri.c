/* uri: the RFC 3986 reference resolution that $id and $ref need (§5.2, with
 * remove_dot_segments) and fragment splitting (percent-decoding is common/percent). URNs
 * and other non-hierarchical URIs go through the same algorithm, which keeps them intact
 * when the reference is only a fragment. Every returned string is new and owned by the caller. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "schema/schema_int.h"

typedef struct {
  const char *scheme, *auth, *path, *query, *frag;
  size_t scheme_len, auth_len, path_len, query_len, frag_len;
  bool has_scheme, has_auth, has_query, has_frag;
} uri_parts_t;

static size_t scheme_length(const char *s) {
  if (!isalpha((unsigned char)s[0])) return 0;
  size_t i = 1;
  while (isalnum((unsigned char)s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '.') i++;
  return s[i] == ':' ? i : 0;
}

bool schema_uri_has_scheme(const char *s) { return scheme_length(s) > 0; }

static void parse(const char *s, uri_parts_t *u) {
  memset(u, 0, sizeof *u);
  size_t n = scheme_length(s);
  if (n) {
    u->has_scheme = true;
    u->scheme = s;
    u->scheme_len = n;
    s += n + 1;
  }
  if (s[0] == '/' && s[1] == '/') {
    s += 2;
    u->has_auth = true;
    u->auth = s;
    u->auth_len = strcspn(s, "/?#");
    s += u->auth_len;
  }
  u->path = s;
  u->path_len = strcspn(s, "?#");
  s += u->path_len;
  if (*s == '?') {
    s++;
    u->has_query = true;
    u->query = s;
    u->query_len = strcspn(s, "#");
    s += u->query_len;
  }
  if (*s == '#') {
    u->has_frag = true;
    u->frag = s + 1;
    u->frag_len = strlen(s + 1);
  }
}

/* RFC 3986 §5.2.4, on an sbuf holding the path. */
static void remove_dots(sbuf_t *out, const char *in, size_t n) {
  char *buf = xstrndup(in, n);
  char *s = buf;
  sbuf_reset(out);
  sbuf_reserve(out, n);
  while (*s) {
    if (strncmp(s, "../", 3) == 0) s += 3;
    else if (strncmp(s, "./", 2) == 0) s += 2;
    else if (strncmp(s, "/./", 3) == 0) s += 2;
    else if (strcmp(s, "/.") == 0) s[1] = '\0';
    else if (strncmp(s, "/../", 4) == 0 || strcmp(s, "/..") == 0) {
      if (s[3] == '/') s += 3;
      else {
        s += 2;
        s[0] = '/';
      }
      /* drop the last segment already written */
      while (out->len > 0 && out->data[out->len - 1] != '/') out->len--;
      if (out->len > 0) out->len--;
      out->data[out->len] = '\0';
    } else if (strcmp(s, ".") == 0 || strcmp(s, "..") == 0) {
      s += strlen(s);
    } else {
      size_t seg = 1 + strcspn(s + 1, "/");
      if (s[0] != '/') seg = strcspn(s, "/");
      sbuf_append(out, s, seg);
      s += seg;
    }
  }
  free(buf);
}

char *schema_uri_resolve(const char *base, const char *ref) {
  uri_parts_t b, r;
  parse(base ? base : "", &b);
  parse(ref, &r);
  sbuf_t out = SBUF_INIT, path = SBUF_INIT;
  const uri_parts_t *auth_from, *query_from;
  if (r.has_scheme) {
    sbuf_append(&out, r.scheme, r.scheme_len + 1);
    auth_from = &r;
    query_from = &r;
    remove_dots(&path, r.path, r.path_len);
  } else {
    if (b.has_scheme) sbuf_append(&out, b.scheme, b.scheme_len + 1);
    if (r.has_auth) {
      auth_from = &r;
      query_from = &r;
      remove_dots(&path, r.path, r.path_len);
    } else {
      auth_from = &b;
      if (r.path_len == 0) {
        sbuf_append(&path, b.path, b.path_len);
        query_from = r.has_query ? &r : &b;
      } else {
        query_from = &r;
        if (r.path[0] == '/') {
          remove_dots(&path, r.path, r.path_len);
        } else {
          /* merge: the base path up to its last '/', or "/" under an empty one */
          sbuf_t merged = SBUF_INIT;
          if (b.has_auth && b.path_len == 0) {
            sbuf_putc(&merged, '/');
          } else {
            size_t keep = b.path_len;
            while (keep > 0 && b.path[keep - 1] != '/') keep--;
            sbuf_append(&merged, b.path, keep);
          }
          sbuf_append(&merged, r.path, r.path_len);
          remove_dots(&path, merged.data, merged.len);
          sbuf_free(&merged);
        }
      }
    }
  }
  if (auth_from->has_auth) {
    sbuf_puts(&out, "//");
    sbuf_append(&out, auth_from->auth, auth_from->auth_len);
  }
  sbuf_append(&out, sbuf_cstr(&path), path.len);
  if (query_from->has_query) {
    sbuf_putc(&out, '?');
    sbuf_append(&out, query_from->query, query_from->query_len);
  }
  if (r.has_frag) {
    sbuf_putc(&out, '#');
    sbuf_append(&out, r.frag, r.frag_len);
  }
  sbuf_free(&path);
  return sbuf_take(&out);
}

char *schema_uri_resolve_base(const char *base, const char *ref) {
  char *abs = schema_uri_resolve(base, ref);
  abs[strcspn(abs, "#")] = '\0';
  return abs;
}

char *schema_uri_split(const char *uri, const char **frag) {
  const char *hash = strchr(uri, '#');
  if (!hash) {
    *frag = uri + strlen(uri);
    return xstrdup(uri);
  }
  *frag = hash + 1;
  return xstrndup(uri, (size_t)(hash - uri));
}
