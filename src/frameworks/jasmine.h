/* jasmine: the jasmine interface on the shared runner (framework: 'jasmine'), as
 * @wdio/jasmine-framework users know it: describe/it/fdescribe/fit/xdescribe/xit, the four
 * hooks with timeouts, pending(), fail(), done.fail(), a fresh `this` per spec, failed
 * expectations collected per spec, and jasmine-core's random order for a seed. The JS side
 * is src/jslib/jasmine.js (spec state, the globals), compiled per realm, and what it compiles
 * on first use: jasmine-matchers.js (expect), jasmine-spies.js (spies, clock, expectAsync's
 * matchers), jasmine-report.js (jasmine's reporters).
 *
 * Memory: fw_jasmine_install returns state owned by the realm (released when the realm is
 * freed); `opts` is borrowed and must outlive it. */
#ifndef SONDE_FRAMEWORKS_JASMINE_H
#define SONDE_FRAMEWORKS_JASMINE_H

#include "frameworks/jasmine_opts.h"
#include "frameworks/runner.h"

typedef struct fw_jasmine fw_jasmine_t;

/* Installs the globals on the runner's realm; NULL with a malloc'd message in `err`. */
fw_jasmine_t *fw_jasmine_install(fw_runner_t *r, const jasmine_opts_t *opts, char **err);

/* The order of a suite's children for `seed` as jasmine-core sorts them (ids "spec<N>" and
 * "suite<N>"): the key is the One-at-a-Time hash of seed + id, computed in JS numbers. */
double fw_jasmine_order_key(const char *seed, const char *id);

#endif
