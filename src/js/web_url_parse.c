/* web_url_parse: see web_url_parse.h. The state machine follows the WHATWG URL standard's
 * "basic URL parser" step by step (state names and comments match the standard) over the
 * UTF-8 bytes of the input: every delimiter is ASCII, and percent-encoding works on the
 * UTF-8 bytes of a code point anyway, so bytes >= 0x80 are simply always encoded.
 *
 * Memory: the parser builds into a scratch url_t and moves it into the caller's on
 * success; scratch buffers are sbuf_t's freed on every exit path. */
#include "js/web_url_parse.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/sbuf.h"

/* ---- percent-encode sets ---- */

enum { SET_C0, SET_FRAGMENT, SET_QUERY, SET_SPECIAL_QUERY, SET_PATH, SET_USERINFO, SET_FORM };

static bool in_set(unsigned char c, int set) {
  if (c < 0x20 || c > 0x7E) return true;
  switch (set) {
  case SET_C0: return false;
  case SET_FRAGMENT: return c == ' ' || c == '"' || c == '<' || c == '>' || c == '`';
  case SET_QUERY: return c == ' ' || c == '"' || c == '#' || c == '<' || c == '>';
  case SET_SPECIAL_QUERY: return in_set(c, SET_QUERY) || c == '\'';
  case SET_PATH: return in_set(c, SET_QUERY) || c == '?' || c == '`' || c == '{' || c == '}';
  case SET_USERINFO:
    return in_set(c, SET_PATH) || c == '/' || c == ':' || c == ';' || c == '=' || c == '@' ||
           (c >= '[' && c <= '^') || c == '|';
  default: /* application/x-www-form-urlencoded */
    return in_set(c, SET_USERINFO) || (c >= '$' && c <= '&') || c == '+' || c == ',' || c == '!' ||
           (c >= '\'' && c <= ')') || c == '~';
  }
}

static void put_encoded(sbuf_t *b, unsigned char c, int set) {
  if (in_set(c, set)) sbuf_printf(b, "%%%02X", c);
  else sbuf_putc(b, (char)c);
}

static char *encode_str(const char *s, int set) {
  sbuf_t b = SBUF_INIT;
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) put_encoded(&b, *p, set);
  return sbuf_take(&b);
}

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

char *url_percent_decode(const char *s, size_t len, size_t *out_len) {
  char *out = xmalloc(len + 1);
  size_t o = 0;
  for (size_t i = 0; i < len; i++) {
    if (s[i] == '%' && i + 2 < len && hexval(s[i + 1]) >= 0 && hexval(s[i + 2]) >= 0) {
      out[o++] = (char)(hexval(s[i + 1]) * 16 + hexval(s[i + 2]));
      i += 2;
    } else {
      out[o++] = s[i];
    }
  }
  out[o] = '\0';
  if (out_len) *out_len = o;
  return out;
}

/* ---- schemes ---- */

static const struct {
  const char *scheme;
  int port;
} specials[] = {{"ftp", 21}, {"file", -1}, {"http", 80}, {"https", 443}, {"ws", 80}, {"wss", 443}};

bool url_is_special(const char *scheme) {
  for (size_t i = 0; i < sizeof(specials) / sizeof(specials[0]); i++)
    if (strcmp(scheme, specials[i].scheme) == 0) return true;
  return false;
}

int url_default_port(const char *scheme) {
  for (size_t i = 0; i < sizeof(specials) / sizeof(specials[0]); i++)
    if (strcmp(scheme, specials[i].scheme) == 0) return specials[i].port;
  return -1;
}

/* ---- url_t ---- */

static void set_str(char **dst, const char *v) {
  free(*dst);
  *dst = v ? xstrdup(v) : NULL;
}

static void path_clear(url_t *u) {
  for (size_t i = 0; i < u->n_path; i++) free(u->path[i]);
  free(u->path);
  u->path = NULL;
  u->n_path = 0;
}

static void path_push(url_t *u, const char *seg) {
  u->path = xrealloc(u->path, (u->n_path + 1) * sizeof(char *));
  u->path[u->n_path++] = xstrdup(seg);
}

void url_free(url_t *u) {
  free(u->scheme);
  free(u->username);
  free(u->password);
  free(u->host);
  path_clear(u);
  free(u->query);
  free(u->fragment);
  memset(u, 0, sizeof(*u));
  u->port = -1;
}

void url_copy(url_t *dst, const url_t *src) {
  memset(dst, 0, sizeof(*dst));
  set_str(&dst->scheme, src->scheme);
  set_str(&dst->username, src->username);
  set_str(&dst->password, src->password);
  set_str(&dst->host, src->host);
  dst->port = src->port;
  dst->opaque_path = src->opaque_path;
  for (size_t i = 0; i < src->n_path; i++) path_push(dst, src->path[i]);
  set_str(&dst->query, src->query);
  set_str(&dst->fragment, src->fragment);
}

static bool is_drive_letter(const char *s, size_t n, bool normalized) {
  return n == 2 && isalpha((unsigned char)s[0]) && (s[1] == ':' || (!normalized && s[1] == '|'));
}

/* "starts with a Windows drive letter": two code points that are one, then end or / \ ? #. */
static bool starts_with_drive(const char *s) {
  size_t n = strlen(s);
  if (n < 2 || !is_drive_letter(s, 2, false)) return false;
  return n == 2 || s[2] == '/' || s[2] == '\\' || s[2] == '?' || s[2] == '#';
}

static void shorten_path(url_t *u) {
  if (strcmp(u->scheme, "file") == 0 && u->n_path == 1 &&
      is_drive_letter(u->path[0], strlen(u->path[0]), true))
    return;
  if (u->n_path) free(u->path[--u->n_path]);
}

static bool single_dot(const char *s) { return strcmp(s, ".") == 0 || strcasecmp(s, "%2e") == 0; }

static bool double_dot(const char *s) {
  return strcmp(s, "..") == 0 || strcasecmp(s, ".%2e") == 0 || strcasecmp(s, "%2e.") == 0 ||
         strcasecmp(s, "%2e%2e") == 0;
}

bool url_cannot_have_credentials(const url_t *u) {
  return !u->host || !*u->host || strcmp(u->scheme, "file") == 0;
}

/* ---- the basic URL parser ---- */

enum {
  S_SCHEME_START = URL_SCHEME_START,
  S_HOST = URL_HOST,
  S_HOSTNAME = URL_HOSTNAME,
  S_PORT = URL_PORT,
  S_PATH_START = URL_PATH_START,
  S_QUERY = URL_QUERY,
  S_FRAGMENT = URL_FRAGMENT,
  S_SCHEME = 100,
  S_NO_SCHEME,
  S_SPECIAL_RELATIVE_OR_AUTHORITY,
  S_PATH_OR_AUTHORITY,
  S_RELATIVE,
  S_RELATIVE_SLASH,
  S_SPECIAL_AUTHORITY_SLASHES,
  S_SPECIAL_AUTHORITY_IGNORE_SLASHES,
  S_AUTHORITY,
  S_FILE,
  S_FILE_SLASH,
  S_FILE_HOST,
  S_PATH,
  S_OPAQUE_PATH,
};

#define EOF_C (-1)
/* Results of a step: keep going, stop with success (a setter's "return"), or fail. */
enum { GO, DONE, FAIL };

typedef struct {
  const char *in;
  long len, ptr;
  int state;
  int override;
  const url_t *base;
  url_t *url;
  sbuf_t buf;
  bool at_sign_seen, inside_brackets, password_token_seen;
} parser_t;

static int cp(const parser_t *p, long i) {
  return i >= 0 && i < p->len ? (unsigned char)p->in[i] : EOF_C;
}

static const char *remaining(const parser_t *p) {
  return p->ptr + 1 <= p->len ? p->in + p->ptr + 1 : "";
}

static bool special(const parser_t *p) {
  return url_is_special(p->url->scheme ? p->url->scheme : "");
}

static void inherit_authority(url_t *url, const url_t *base) {
  set_str(&url->username, base->username);
  set_str(&url->password, base->password);
  set_str(&url->host, base->host);
  url->port = base->port;
}

static void inherit_path(url_t *url, const url_t *base) {
  path_clear(url);
  for (size_t i = 0; i < base->n_path; i++) path_push(url, base->path[i]);
}

static int step(parser_t *p, int c) {
  url_t *url = p->url;
  const url_t *base = p->base;
  switch (p->state) {
  case S_SCHEME_START:
    if (c != EOF_C && isalpha(c)) {
      sbuf_putc(&p->buf, (char)tolower(c));
      p->state = S_SCHEME;
    } else if (!p->override) {
      p->state = S_NO_SCHEME;
      p->ptr--;
    } else {
      return FAIL;
    }
    return GO;
  case S_SCHEME:
    if (c != EOF_C && (isalnum(c) || c == '+' || c == '-' || c == '.')) {
      sbuf_putc(&p->buf, (char)tolower(c));
    } else if (c == ':') {
      const char *b = sbuf_cstr(&p->buf);
      if (p->override) {
        if (url_is_special(url->scheme) != url_is_special(b)) return DONE;
        if ((*url->username || *url->password || url->port >= 0) && strcmp(b, "file") == 0)
          return DONE;
        if (strcmp(url->scheme, "file") == 0 && url->host && !*url->host) return DONE;
      }
      set_str(&url->scheme, b);
      if (p->override) {
        if (url->port == url_default_port(url->scheme)) url->port = -1;
        return DONE;
      }
      sbuf_reset(&p->buf);
      if (strcmp(url->scheme, "file") == 0) {
        p->state = S_FILE;
      } else if (special(p) && base && strcmp(base->scheme, url->scheme) == 0) {
        p->state = S_SPECIAL_RELATIVE_OR_AUTHORITY;
      } else if (special(p)) {
        p->state = S_SPECIAL_AUTHORITY_SLASHES;
      } else if (remaining(p)[0] == '/') {
        p->state = S_PATH_OR_AUTHORITY;
        p->ptr++;
      } else {
        url->opaque_path = true;
        path_clear(url);
        path_push(url, "");
        p->state = S_OPAQUE_PATH;
      }
    } else if (!p->override) {
      sbuf_reset(&p->buf);
      p->state = S_NO_SCHEME;
      p->ptr = -1;
    } else {
      return FAIL;
    }
    return GO;
  case S_NO_SCHEME:
    if (!base || (base->opaque_path && c != '#')) return FAIL;
    if (base->opaque_path && c == '#') {
      set_str(&url->scheme, base->scheme);
      inherit_path(url, base);
      url->opaque_path = true;
      set_str(&url->query, base->query);
      set_str(&url->fragment, "");
      p->state = S_FRAGMENT;
    } else {
      p->state = strcmp(base->scheme, "file") != 0 ? S_RELATIVE : S_FILE;
      p->ptr--;
    }
    return GO;
  case S_SPECIAL_RELATIVE_OR_AUTHORITY:
    if (c == '/' && remaining(p)[0] == '/') {
      p->state = S_SPECIAL_AUTHORITY_IGNORE_SLASHES;
      p->ptr++;
    } else {
      p->state = S_RELATIVE;
      p->ptr--;
    }
    return GO;
  case S_PATH_OR_AUTHORITY:
    if (c == '/') p->state = S_AUTHORITY;
    else {
      p->state = S_PATH;
      p->ptr--;
    }
    return GO;
  case S_RELATIVE:
    set_str(&url->scheme, base->scheme);
    if (c == '/' || (special(p) && c == '\\')) {
      p->state = S_RELATIVE_SLASH;
    } else {
      inherit_authority(url, base);
      inherit_path(url, base);
      set_str(&url->query, base->query);
      if (c == '?') {
        set_str(&url->query, "");
        p->state = S_QUERY;
      } else if (c == '#') {
        set_str(&url->fragment, "");
        p->state = S_FRAGMENT;
      } else if (c != EOF_C) {
        set_str(&url->query, NULL);
        shorten_path(url);
        p->state = S_PATH;
        p->ptr--;
      }
    }
    return GO;
  case S_RELATIVE_SLASH:
    if (special(p) && (c == '/' || c == '\\')) {
      p->state = S_SPECIAL_AUTHORITY_IGNORE_SLASHES;
    } else if (c == '/') {
      p->state = S_AUTHORITY;
    } else {
      inherit_authority(url, base);
      p->state = S_PATH;
      p->ptr--;
    }
    return GO;
  case S_SPECIAL_AUTHORITY_SLASHES:
    p->state = S_SPECIAL_AUTHORITY_IGNORE_SLASHES;
    if (c == '/' && remaining(p)[0] == '/') p->ptr++;
    else p->ptr--;
    return GO;
  case S_SPECIAL_AUTHORITY_IGNORE_SLASHES:
    if (c != '/' && c != '\\') {
      p->state = S_AUTHORITY;
      p->ptr--;
    }
    return GO;
  case S_AUTHORITY:
    if (c == '@') {
      if (p->at_sign_seen) {
        char *old = sbuf_take(&p->buf);
        sbuf_puts(&p->buf, "%40");
        sbuf_puts(&p->buf, old);
        free(old);
      }
      p->at_sign_seen = true;
      sbuf_t user = SBUF_INIT, pass = SBUF_INIT;
      sbuf_puts(&user, url->username);
      sbuf_puts(&pass, url->password);
      for (const unsigned char *q = (const unsigned char *)sbuf_cstr(&p->buf); *q; q++) {
        if (*q == ':' && !p->password_token_seen) {
          p->password_token_seen = true;
          continue;
        }
        put_encoded(p->password_token_seen ? &pass : &user, *q, SET_USERINFO);
      }
      free(url->username);
      free(url->password);
      url->username = sbuf_take(&user);
      url->password = sbuf_take(&pass);
      sbuf_reset(&p->buf);
    } else if (c == EOF_C || c == '/' || c == '?' || c == '#' || (special(p) && c == '\\')) {
      if (p->at_sign_seen && p->buf.len == 0) return FAIL;
      p->ptr -= (long)p->buf.len + 1;
      sbuf_reset(&p->buf);
      p->state = S_HOST;
    } else {
      sbuf_putc(&p->buf, (char)c);
    }
    return GO;
  case S_HOST:
  case S_HOSTNAME:
    if (p->override && strcmp(url->scheme, "file") == 0) {
      p->ptr--;
      p->state = S_FILE_HOST;
    } else if (c == ':' && !p->inside_brackets) {
      if (p->buf.len == 0) return FAIL;
      if (p->override == S_HOSTNAME) return FAIL;
      char *host = url_host_parse(sbuf_cstr(&p->buf), p->buf.len, !special(p));
      if (!host) return FAIL;
      free(url->host);
      url->host = host;
      sbuf_reset(&p->buf);
      p->state = S_PORT;
    } else if (c == EOF_C || c == '/' || c == '?' || c == '#' || (special(p) && c == '\\')) {
      p->ptr--;
      if (special(p) && p->buf.len == 0) return FAIL;
      if (p->override && p->buf.len == 0 && (*url->username || *url->password || url->port >= 0))
        return FAIL;
      char *host = url_host_parse(sbuf_cstr(&p->buf), p->buf.len, !special(p));
      if (!host) return FAIL;
      free(url->host);
      url->host = host;
      sbuf_reset(&p->buf);
      p->state = S_PATH_START;
      if (p->override) return DONE;
    } else {
      if (c == '[') p->inside_brackets = true;
      if (c == ']') p->inside_brackets = false;
      sbuf_putc(&p->buf, (char)c);
    }
    return GO;
  case S_PORT:
    if (c != EOF_C && isdigit(c)) {
      sbuf_putc(&p->buf, (char)c);
    } else if (c == EOF_C || c == '/' || c == '?' || c == '#' || (special(p) && c == '\\') ||
               p->override) {
      if (p->buf.len) {
        long port = 0;
        for (const char *q = sbuf_cstr(&p->buf); *q; q++) {
          port = port * 10 + (*q - '0');
          if (port > 65535) return FAIL;
        }
        url->port = port == url_default_port(url->scheme) ? -1 : (int)port;
        sbuf_reset(&p->buf);
        if (p->override) return DONE;
      }
      if (p->override) return FAIL;
      p->state = S_PATH_START;
      p->ptr--;
    } else {
      return FAIL;
    }
    return GO;
  case S_FILE:
    set_str(&url->scheme, "file");
    set_str(&url->host, "");
    if (c == '/' || c == '\\') {
      p->state = S_FILE_SLASH;
    } else if (base && strcmp(base->scheme, "file") == 0) {
      set_str(&url->host, base->host);
      inherit_path(url, base);
      set_str(&url->query, base->query);
      if (c == '?') {
        set_str(&url->query, "");
        p->state = S_QUERY;
      } else if (c == '#') {
        set_str(&url->fragment, "");
        p->state = S_FRAGMENT;
      } else if (c != EOF_C) {
        set_str(&url->query, NULL);
        if (!starts_with_drive(p->in + p->ptr)) shorten_path(url);
        else path_clear(url);
        p->state = S_PATH;
        p->ptr--;
      }
    } else {
      p->state = S_PATH;
      p->ptr--;
    }
    return GO;
  case S_FILE_SLASH:
    if (c == '/' || c == '\\') {
      p->state = S_FILE_HOST;
    } else {
      if (base && strcmp(base->scheme, "file") == 0) {
        set_str(&url->host, base->host);
        if (!starts_with_drive(p->in + p->ptr) && base->n_path > 0 &&
            is_drive_letter(base->path[0], strlen(base->path[0]), true))
          path_push(url, base->path[0]);
      }
      p->state = S_PATH;
      p->ptr--;
    }
    return GO;
  case S_FILE_HOST:
    if (c == EOF_C || c == '/' || c == '\\' || c == '?' || c == '#') {
      p->ptr--;
      if (!p->override && is_drive_letter(sbuf_cstr(&p->buf), p->buf.len, false)) {
        p->state = S_PATH;
      } else if (p->buf.len == 0) {
        set_str(&url->host, "");
        if (p->override) return DONE;
        p->state = S_PATH_START;
      } else {
        char *host = url_host_parse(sbuf_cstr(&p->buf), p->buf.len, !special(p));
        if (!host) return FAIL;
        if (strcmp(host, "localhost") == 0) host[0] = '\0';
        free(url->host);
        url->host = host;
        if (p->override) return DONE;
        sbuf_reset(&p->buf);
        p->state = S_PATH_START;
      }
    } else {
      sbuf_putc(&p->buf, (char)c);
    }
    return GO;
  case S_PATH_START:
    if (special(p)) {
      p->state = S_PATH;
      if (c != '/' && c != '\\') p->ptr--;
    } else if (!p->override && c == '?') {
      set_str(&url->query, "");
      p->state = S_QUERY;
    } else if (!p->override && c == '#') {
      set_str(&url->fragment, "");
      p->state = S_FRAGMENT;
    } else if (c != EOF_C) {
      p->state = S_PATH;
      if (c != '/') p->ptr--;
    } else if (p->override && !url->host) {
      path_push(url, "");
    }
    return GO;
  case S_PATH:
    if (c == EOF_C || c == '/' || (special(p) && c == '\\') ||
        (!p->override && (c == '?' || c == '#'))) {
      const char *b = sbuf_cstr(&p->buf);
      bool slash = c == '/' || (special(p) && c == '\\');
      if (double_dot(b)) {
        shorten_path(url);
        if (!slash) path_push(url, "");
      } else if (single_dot(b) && !slash) {
        path_push(url, "");
      } else if (!single_dot(b)) {
        if (strcmp(url->scheme, "file") == 0 && url->n_path == 0 &&
            is_drive_letter(b, p->buf.len, false))
          p->buf.data[1] = ':';
        path_push(url, sbuf_cstr(&p->buf));
      }
      sbuf_reset(&p->buf);
      if (c == '?') {
        set_str(&url->query, "");
        p->state = S_QUERY;
      }
      if (c == '#') {
        set_str(&url->fragment, "");
        p->state = S_FRAGMENT;
      }
    } else {
      put_encoded(&p->buf, (unsigned char)c, SET_PATH);
    }
    return GO;
  case S_OPAQUE_PATH:
    if (c == '?') {
      set_str(&url->query, "");
      p->state = S_QUERY;
    } else if (c == '#') {
      set_str(&url->fragment, "");
      p->state = S_FRAGMENT;
    } else if (c != EOF_C) {
      sbuf_t b = SBUF_INIT;
      sbuf_puts(&b, url->path[0]);
      put_encoded(&b, (unsigned char)c, SET_C0);
      free(url->path[0]);
      url->path[0] = sbuf_take(&b);
    }
    return GO;
  case S_QUERY:
    if ((!p->override && c == '#') || c == EOF_C) {
      int set = special(p) ? SET_SPECIAL_QUERY : SET_QUERY;
      sbuf_t q = SBUF_INIT;
      sbuf_puts(&q, url->query ? url->query : "");
      for (const unsigned char *s = (const unsigned char *)sbuf_cstr(&p->buf); *s; s++)
        put_encoded(&q, *s, set);
      free(url->query);
      url->query = sbuf_take(&q);
      sbuf_reset(&p->buf);
      if (c == '#') {
        set_str(&url->fragment, "");
        p->state = S_FRAGMENT;
      }
    } else if (c != EOF_C) {
      sbuf_putc(&p->buf, (char)c);
    }
    return GO;
  case S_FRAGMENT:
    if (c != EOF_C) {
      sbuf_t f = SBUF_INIT;
      sbuf_puts(&f, url->fragment ? url->fragment : "");
      put_encoded(&f, (unsigned char)c, SET_FRAGMENT);
      free(url->fragment);
      url->fragment = sbuf_take(&f);
    }
    return GO;
  }
  return FAIL;
}

/* Steps 1-2: C0 controls and spaces trimmed (only without an override), tabs and newlines
 * removed anywhere. */
static char *preprocess(const char *input, bool trim) {
  const char *s = input, *e = input + strlen(input);
  if (trim) {
    while (s < e && (unsigned char)*s <= 0x20) s++;
    while (e > s && (unsigned char)e[-1] <= 0x20) e--;
  }
  sbuf_t b = SBUF_INIT;
  for (const char *p = s; p < e; p++)
    if (*p != '\t' && *p != '\n' && *p != '\r') sbuf_putc(&b, *p);
  return sbuf_take(&b);
}

static int run(const char *input, const url_t *base, url_t *url, int override) {
  parser_t p = {0};
  char *in = preprocess(input, !override);
  p.in = in;
  p.len = (long)strlen(in);
  p.state = override ? override : S_SCHEME_START;
  p.override = override;
  p.base = base;
  p.url = url;
  int r = GO;
  for (p.ptr = 0; r == GO; p.ptr++) {
    r = step(&p, cp(&p, p.ptr));
    if (r == GO && p.ptr >= p.len) break;
  }
  sbuf_free(&p.buf);
  free(in);
  return r == FAIL ? -1 : 0;
}

int url_parse(const char *input, const url_t *base, url_t *out) {
  url_t u = {0};
  u.port = -1;
  u.username = xstrdup("");
  u.password = xstrdup("");
  u.scheme = xstrdup("");
  if (run(input, base, &u, URL_NO_OVERRIDE) != 0) {
    url_free(&u);
    return -1;
  }
  *out = u;
  return 0;
}

int url_parse_override(const char *input, url_t *url, url_override_t state) {
  url_t copy;
  url_copy(&copy, url);
  if (run(input, NULL, &copy, (int)state) != 0) {
    url_free(&copy);
    return -1;
  }
  url_free(url);
  *url = copy;
  return 0;
}

/* ---- serializing ---- */

char *url_pathname(const url_t *u) {
  if (u->opaque_path) return xstrdup(u->n_path ? u->path[0] : "");
  sbuf_t b = SBUF_INIT;
  for (size_t i = 0; i < u->n_path; i++) {
    sbuf_putc(&b, '/');
    sbuf_puts(&b, u->path[i]);
  }
  return sbuf_take(&b);
}

char *url_host_port(const url_t *u) {
  if (!u->host) return xstrdup("");
  if (u->port < 0) return xstrdup(u->host);
  return xasprintf("%s:%d", u->host, u->port);
}

char *url_href(const url_t *u, bool exclude_fragment) {
  sbuf_t b = SBUF_INIT;
  sbuf_printf(&b, "%s:", u->scheme);
  if (u->host) {
    sbuf_puts(&b, "//");
    if (*u->username || *u->password) {
      sbuf_puts(&b, u->username);
      if (*u->password) sbuf_printf(&b, ":%s", u->password);
      sbuf_putc(&b, '@');
    }
    sbuf_puts(&b, u->host);
    if (u->port >= 0) sbuf_printf(&b, ":%d", u->port);
  }
  /* A path that would read as an authority gets "/." in front (the standard's rule). */
  if (!u->host && !u->opaque_path && u->n_path > 1 && u->path[0][0] == '\0') sbuf_puts(&b, "/.");
  char *path = url_pathname(u);
  sbuf_puts(&b, path);
  free(path);
  if (u->query) sbuf_printf(&b, "?%s", u->query);
  if (!exclude_fragment && u->fragment) sbuf_printf(&b, "#%s", u->fragment);
  return sbuf_take(&b);
}

char *url_origin(const url_t *u) {
  if (strcmp(u->scheme, "blob") == 0) {
    url_t inner = {0};
    char *path = url_pathname(u);
    char *r = NULL;
    if (url_parse(path, NULL, &inner) == 0 &&
        (strcmp(inner.scheme, "http") == 0 || strcmp(inner.scheme, "https") == 0))
      r = url_origin(&inner);
    url_free(&inner);
    free(path);
    return r ? r : xstrdup("null");
  }
  if (!url_is_special(u->scheme) || strcmp(u->scheme, "file") == 0) return xstrdup("null");
  char *hp = url_host_port(u);
  char *r = xasprintf("%s://%s", u->scheme, hp);
  free(hp);
  return r;
}

void url_set_username(url_t *u, const char *value) {
  free(u->username);
  u->username = encode_str(value, SET_USERINFO);
}

void url_set_password(url_t *u, const char *value) {
  free(u->password);
  u->password = encode_str(value, SET_USERINFO);
}

/* ---- application/x-www-form-urlencoded (the rest is in web_url.c) ---- */

char *url_form_encode(const char *s) {
  sbuf_t b = SBUF_INIT;
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == ' ') sbuf_putc(&b, '+');
    else put_encoded(&b, *p, SET_FORM);
  }
  return sbuf_take(&b);
}
