/* registry: the reporters sonde knows, created from a config's `reporters` entries (a name
 * or [name, options]). The caller owns the returned array and each reporter
 * (reporter->ops->free). */
#ifndef SONDE_REPORT_REGISTRY_H
#define SONDE_REPORT_REGISTRY_H

#include <stdbool.h>
#include <stdio.h>

#include "common/sbuf.h"
#include "config/config.h"
#include "report/events.h"

typedef struct {
  FILE *out;     /* the terminal stream (stdout) */
  bool color;    /* colours allowed on `out` */
} report_env_t;

/* Creates every configured reporter (the default when none is configured). Returns -1 with
 * a message that names the entry and lists the known reporters when a name is unknown or
 * its options are invalid; nothing is created then. */
int report_create_all(const sonde_config_t *cfg, const report_env_t *env, reporter_t ***out,
                      size_t *count, sbuf_t *err);

/* "spec, dot, junit, ..." for messages. */
const char *report_known_names(void);

#endif
