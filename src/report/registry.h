/* registry: the reporters sonde knows (spec, dot, junit, allure, json), created from a
 * config's `reporters` entries (a name or [name, options]); several run side by side.
 * Without a `reporters` key the spec reporter runs (the seed spec's per-test lines); an
 * explicitly empty `reporters: []` gets dot, WebdriverIO's default.
 * The caller owns the returned array and each reporter (reporter->ops->free); reporters
 * may hold values of the config's JS realm, so they must be freed before the config. */
#ifndef SONDE_REPORT_REGISTRY_H
#define SONDE_REPORT_REGISTRY_H

#include <stdbool.h>
#include <stdio.h>

#include "common/sbuf.h"
#include "config/config.h"
#include "report/events.h"

typedef struct {
  FILE *out;  /* the terminal stream (stdout) */
  bool color; /* colours allowed on `out` */
} report_env_t;

/* Creates every configured reporter (the default when none is configured). Returns -1 with
 * a message that names the entry and lists the known reporters when a name is unknown or
 * its options are invalid; nothing is created then. */
int report_create_all(const sonde_config_t *cfg, const report_env_t *env, reporter_t ***out,
                      size_t *count, sbuf_t *err);

/* What the configured reporters need from the workers beyond the default (an OR of
 * report_needs_t; 0 for none). */
typedef enum {
  /* every HTTP exchange, not only those of failed tests */
  REPORT_NEEDS_ALL_EXCHANGES = 1u << 0,
} report_needs_t;

unsigned report_needs(const sonde_config_t *cfg);

/* "spec, dot, junit, ..." for messages. */
const char *report_known_names(void);

#endif
