/* secret: the process's registry of secret values and their masking (see secret.h).
 *
 * Secrets are kept longest first, so that a value which contains another one ("Bearer
 * <token>" and "<token>") is masked whole. A run registers a handful of values (one per
 * distinct token), so masking is one memmem per secret over each text; the registry keeps
 * the SECRET_MAX most recent ones, in case tokens change with every request. */
#define _GNU_SOURCE /* memmem */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/secret.h"

#define SECRET_MAX 1024

typedef struct {
  char *value;
  size_t len;
  unsigned long added; /* order of registration, for evicting the oldest */
} secret_t;

static secret_t secrets[SECRET_MAX];
static size_t n_secrets;
static unsigned long next_order;

bool secret_any(void) {
  return n_secrets > 0;
}

void secret_add(const char *value, size_t len) {
  if (!value || len < SECRET_MIN_LEN) return;
  for (size_t i = 0; i < n_secrets; i++)
    if (secrets[i].len == len && memcmp(secrets[i].value, value, len) == 0) return;
  if (n_secrets == SECRET_MAX) {
    size_t oldest = 0;
    for (size_t i = 1; i < n_secrets; i++)
      if (secrets[i].added < secrets[oldest].added) oldest = i;
    free(secrets[oldest].value);
    memmove(&secrets[oldest], &secrets[oldest + 1], (n_secrets - oldest - 1) * sizeof(secrets[0]));
    n_secrets--;
  }
  /* Insert keeping the array sorted by length, longest first. */
  size_t at = 0;
  while (at < n_secrets && secrets[at].len >= len) at++;
  memmove(&secrets[at + 1], &secrets[at], (n_secrets - at) * sizeof(secrets[0]));
  secrets[at] = (secret_t){xstrndup(value, len), len, next_order++};
  n_secrets++;
}

void secret_add_header(const char *name, const char *value) {
  if (!name || !value) return;
  secret_add(value, strlen(value));
  /* "Bearer <token>", "Basic <credentials>": an echo may show the credentials alone. */
  const char *space = strchr(value, ' ');
  if (space) {
    while (*space == ' ') space++;
    secret_add(space, strlen(space));
  }
  /* Cookie: "a=1; session=<value>": each pair and each value. */
  if (strcasecmp(name, "cookie") == 0) {
    const char *p = value;
    while (*p) {
      while (*p == ' ' || *p == ';') p++;
      size_t n = strcspn(p, ";");
      const char *eq = memchr(p, '=', n);
      secret_add(p, n);
      if (eq) secret_add(eq + 1, n - (size_t)(eq + 1 - p));
      p += n;
    }
  }
}

void secret_add_env(void) {
  static const char *const names[] = {"API_KEY", "API_TOKEN"};
  for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
    const char *v = getenv(names[i]);
    if (v) secret_add(v, strlen(v));
  }
}

char *secret_mask(const char *text, size_t len, size_t *out_len) {
  if (!n_secrets || !text) return NULL;
  sbuf_t out = SBUF_INIT;
  const char *src = text;
  size_t src_len = len;
  char *owned = NULL;
  for (size_t i = 0; i < n_secrets; i++) {
    const secret_t *s = &secrets[i];
    const char *hit = memmem(src, src_len, s->value, s->len);
    if (!hit) continue;
    sbuf_reset(&out);
    const char *p = src, *end = src + src_len;
    while (hit) {
      sbuf_append(&out, p, (size_t)(hit - p));
      sbuf_puts(&out, SECRET_MASK);
      p = hit + s->len;
      hit = memmem(p, (size_t)(end - p), s->value, s->len);
    }
    sbuf_append(&out, p, (size_t)(end - p));
    free(owned);
    src_len = out.len;
    src = owned = sbuf_take(&out);
  }
  sbuf_free(&out);
  if (owned && out_len) *out_len = src_len;
  return owned;
}

size_t secret_safe_cut(const char *text, size_t len, size_t n) {
  if (!n_secrets || n >= len) return n;
  /* Moving the cut back may put it inside another secret: until nothing straddles it. */
  for (bool moved = true; moved;) {
    moved = false;
    for (size_t i = 0; i < n_secrets && n > 0; i++) {
      const secret_t *s = &secrets[i];
      size_t from = n >= s->len ? n - s->len + 1 : 0;
      size_t to = n + s->len - 1 < len ? n + s->len - 1 : len;
      const char *p = text + from, *end = text + to;
      const char *hit;
      while (p < end && (hit = memmem(p, (size_t)(end - p), s->value, s->len))) {
        size_t at = (size_t)(hit - text);
        if (at < n && at + s->len > n) {
          n = at;
          moved = true;
          break;
        }
        p = hit + 1;
      }
    }
  }
  return n;
}

void secret_mask_sbuf(sbuf_t *b, size_t from) {
  if (!n_secrets || from >= b->len) return;
  size_t n = 0;
  char *masked = secret_mask(b->data + from, b->len - from, &n);
  if (!masked) return;
  b->len = from;
  sbuf_append(b, masked, n);
  free(masked);
}

void secret_mask_json(json_t *v) {
  if (!n_secrets || !v) return;
  if (json_is_string(v)) {
    size_t n = 0;
    char *masked = secret_mask(json_string_value(v), json_string_length(v), &n);
    /* The masked text is valid UTF-8 wherever the original was (a secret is whole
     * characters); should jansson refuse it all the same, nothing of it goes out. */
    if (masked && json_string_setn(v, masked, n) != 0 && json_string_set(v, SECRET_MASK) != 0)
      abort();
    free(masked);
  } else if (json_is_object(v)) {
    const char *key;
    json_t *item;
    json_object_foreach(v, key, item) secret_mask_json(item);
  } else if (json_is_array(v)) {
    size_t i;
    json_t *item;
    json_array_foreach(v, i, item) secret_mask_json(item);
  }
}

void secret_clear(void) {
  for (size_t i = 0; i < n_secrets; i++) free(secrets[i].value);
  n_secrets = 0;
}
