/* log: sonde's own log lines ("<ISO time> <LEVEL> sonde:<area>: <message>"), filtered by
 * logLevel, per-area logLevels and the DEBUG environment variable (`sonde:*`,
 * `sonde:http,sonde:worker`, `-sonde:x` to exclude), written to one sink per process: the
 * terminal's stderr, or a file under outputDir. Process-wide state; not thread-safe (sonde
 * runs one thread per process). The module owns the sink file it opened. */
#ifndef SONDE_COMMON_LOG_H
#define SONDE_COMMON_LOG_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

typedef enum { LOG_TRACE, LOG_DEBUG, LOG_INFO, LOG_WARN, LOG_ERROR, LOG_SILENT } log_level_t;

/* Parses "trace".."silent"; -1 when unknown. */
int log_level_parse(const char *name);

/* `level`: the default (logLevel); `per_area`: {"sonde:http": "debug", "worker": "warn"}
 * (may be NULL); `debug_env`: the DEBUG variable (may be NULL). */
void log_configure(log_level_t level, const json_t *per_area, const char *debug_env);

/* Writes to `path` (created with its folders, appended) instead of stderr; NULL returns to
 * stderr. Returns 0, or -1 with errno (the sink stays as it was). */
int log_set_file(const char *path);

bool log_enabled(const char *area, log_level_t level);
void log_write(const char *area, log_level_t level, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A line in the same format to a file of the caller's (a spec file's own log while other
 * spec files share the process), whatever the level filters say. */
void log_write_to(FILE *out, const char *area, log_level_t level, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#define LOG_AT(area, level, ...)                                       \
  do {                                                                 \
    if (log_enabled(area, level)) log_write(area, level, __VA_ARGS__); \
  } while (0)
#define log_debug(area, ...) LOG_AT(area, LOG_DEBUG, __VA_ARGS__)
#define log_info(area, ...)  LOG_AT(area, LOG_INFO, __VA_ARGS__)
#define log_warn(area, ...)  LOG_AT(area, LOG_WARN, __VA_ARGS__)
#define log_error(area, ...) LOG_AT(area, LOG_ERROR, __VA_ARGS__)

/* Frees the configuration and closes the file sink. */
void log_shutdown(void);

#endif
