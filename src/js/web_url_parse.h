/* web_url_parse: the WHATWG URL standard's parser and serializer in plain C (no engine),
 * for URL/URLSearchParams, the url module, module resolution of file: URLs and fetch.
 * Input and output are UTF-8. Hosts: domains are lower-cased, or processed by UTS #46
 * (libidn2) when they hold non-ASCII or "xn--" labels, IPv4 (with hex/octal parts) and
 * IPv6 addresses are parsed and re-serialized, non-special schemes get opaque hosts.
 *
 * Memory: a url_t owns all of its strings; url_free releases them. Functions returning
 * char * return malloc'd strings. */
#ifndef SONDE_JS_WEB_URL_PARSE_H
#define SONDE_JS_WEB_URL_PARSE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  char *scheme;   /* lower-case, without ':' */
  char *username; /* percent-encoded; "" when none */
  char *password;
  char *host;       /* serialized host; NULL for a null host, "" for an empty one */
  int port;         /* -1: null */
  bool opaque_path; /* path[0] holds the whole opaque path */
  char **path;
  size_t n_path;
  char *query;    /* without '?'; NULL when null */
  char *fragment; /* without '#'; NULL when null */
} url_t;

/* The parser states a setter may start in (the standard's "state override"). */
typedef enum {
  URL_NO_OVERRIDE = 0,
  URL_SCHEME_START,
  URL_HOST,
  URL_HOSTNAME,
  URL_PORT,
  URL_PATH_START,
  URL_QUERY,
  URL_FRAGMENT,
} url_override_t;

/* Parses `input` against `base` (may be NULL) into `out` (which must be zeroed or freed).
 * Returns 0, or -1 for a failure (`out` untouched). */
int url_parse(const char *input, const url_t *base, url_t *out);
/* Runs the parser on an existing URL from a setter state; returns 0 when the URL changed
 * (or the setter had nothing to do) and -1 when the value was rejected (URL untouched). */
int url_parse_override(const char *input, url_t *url, url_override_t state);
void url_free(url_t *u);
void url_copy(url_t *dst, const url_t *src);

char *url_href(const url_t *u, bool exclude_fragment);
char *url_origin(const url_t *u);
char *url_host_port(const url_t *u); /* host[:port], "" for a null host */
char *url_pathname(const url_t *u);
bool url_is_special(const char *scheme);
/* Default port of a special scheme, -1 for others. */
int url_default_port(const char *scheme);
/* The userinfo setters: value percent-encoded with the userinfo set. */
void url_set_username(url_t *u, const char *value);
void url_set_password(url_t *u, const char *value);
bool url_cannot_have_credentials(const url_t *u);

/* The host parser (web_url_host.c): the serialized host, NULL for failure. */
char *url_host_parse(const char *input, size_t n, bool not_special);

/* application/x-www-form-urlencoded, as URLSearchParams uses it (web_url_params.c;
 * url_form_encode is in web_url_parse.c, with the percent-encode sets). */
typedef struct {
  char **names, **values;
  size_t len, cap;
} url_params_t;

void url_params_parse(url_params_t *p, const char *query);
char *url_params_serialize(const url_params_t *p);
void url_params_append(url_params_t *p, const char *name, const char *value);
void url_params_clear(url_params_t *p);
void url_params_free(url_params_t *p);
/* The form-urlencoded serializer for one string (space as '+'). */
char *url_form_encode(const char *s);
/* Percent-decodes bytes (no '+' handling). */
char *url_percent_decode(const char *s, size_t len, size_t *out_len);

#endif
