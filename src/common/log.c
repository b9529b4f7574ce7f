/* log: see log.h. */
#include "common/log.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#include "common/fsutil.h"
#include "common/sbuf.h"
#include "common/secret.h"
#include "common/strvec.h"

static const char *const level_names[] = {"trace", "debug", "info", "warn", "error", "silent"};

static struct {
  log_level_t level;
  json_t *per_area;  /* area (without "sonde:") → level number */
  strvec_t debug_on; /* DEBUG patterns, without the leading "-" */
  strvec_t debug_off;
  FILE *file;
} state = {LOG_INFO, NULL, STRVEC_INIT, STRVEC_INIT, NULL};

int log_level_parse(const char *name) {
  for (int i = 0; i <= LOG_SILENT; i++)
    if (name && strcmp(name, level_names[i]) == 0) return i;
  return -1;
}

static const char *strip_prefix(const char *area) {
  return strncmp(area, "sonde:", 6) == 0 ? area + 6 : area;
}

/* debug's matching: "sonde:*" matches every sonde area, "sonde:http" one. */
static bool debug_match(const char *pattern, const char *area) {
  char *full = xasprintf("sonde:%s", area);
  size_t n = strlen(pattern);
  bool m = (n && pattern[n - 1] == '*') ? strncmp(pattern, full, n - 1) == 0
                                        : strcmp(pattern, full) == 0;
  free(full);
  return m;
}

void log_configure(log_level_t level, const json_t *per_area, const char *debug_env) {
  state.level = level;
  json_decref(state.per_area);
  state.per_area = json_object();
  const char *key;
  json_t *v;
  json_object_foreach((json_t *)per_area, key, v) {
    int l = log_level_parse(json_string_value(v));
    if (l >= 0) json_object_set_new(state.per_area, strip_prefix(key), json_integer(l));
  }
  strvec_clear(&state.debug_on);
  strvec_clear(&state.debug_off);
  if (debug_env) {
    char *copy = xstrdup(debug_env);
    for (char *tok = strtok(copy, ", "); tok; tok = strtok(NULL, ", ")) {
      if (tok[0] == '-') strvec_push(&state.debug_off, tok + 1);
      else strvec_push(&state.debug_on, tok);
    }
    free(copy);
  }
}

int log_set_file(const char *path) {
  if (!path) {
    if (state.file) fclose(state.file);
    state.file = NULL;
    return 0;
  }
  char *dir = fs_dirname(path);
  int rc = fs_mkdir_p(dir);
  free(dir);
  if (rc != 0) return -1;
  FILE *f = fopen(path, "a");
  if (!f) return -1;
  if (state.file) fclose(state.file);
  state.file = f;
  return 0;
}

bool log_enabled(const char *area, log_level_t level) {
  area = strip_prefix(area);
  for (size_t i = 0; i < state.debug_off.len; i++)
    if (debug_match(state.debug_off.items[i], area)) return level >= state.level;
  for (size_t i = 0; i < state.debug_on.len; i++)
    if (debug_match(state.debug_on.items[i], area)) return level >= LOG_DEBUG;
  json_t *own = json_object_get(state.per_area, area);
  log_level_t threshold = own ? (log_level_t)json_integer_value(own) : state.level;
  return threshold != LOG_SILENT && level >= threshold;
}

static void log_vwrite(FILE *out, const char *area, log_level_t level, const char *fmt,
                       va_list ap) {
  struct timeval tv;
  gettimeofday(&tv, NULL);
  struct tm tm;
  gmtime_r(&tv.tv_sec, &tm);
  char stamp[32];
  strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%S", &tm);
  char upper[8] = {0};
  for (size_t i = 0; i < sizeof(upper) - 1 && level_names[level][i]; i++)
    upper[i] = (char)(level_names[level][i] - 'a' + 'A');
  sbuf_t line = SBUF_INIT;
  sbuf_printf(&line, "%s.%03ldZ %s sonde:%s: ", stamp, (long)(tv.tv_usec / 1000), upper,
              strip_prefix(area));
  sbuf_vprintf(&line, fmt, ap);
  sbuf_putc(&line, '\n');
  secret_mask_sbuf(&line, 0);
  fwrite(line.data, 1, line.len, out);
  fflush(out);
  sbuf_free(&line);
}

void log_write(const char *area, log_level_t level, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  log_vwrite(state.file ? state.file : stderr, area, level, fmt, ap);
  va_end(ap);
}

void log_write_to(FILE *out, const char *area, log_level_t level, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  log_vwrite(out, area, level, fmt, ap);
  va_end(ap);
}

void log_shutdown(void) {
  json_decref(state.per_area);
  state.per_area = NULL;
  strvec_free(&state.debug_on);
  strvec_free(&state.debug_off);
  log_set_file(NULL);
}
