/* services: WebdriverIO's `services` config option. An entry is a class, an object of hook
 * functions, a module name, or any of these as [entry, options]. A name is the built-in
 * shared store ("shared-store", "@wdio/shared-store-service"), a scoped package or a path
 * (loaded as is), else "@wdio/<name>-service" or "wdio-<name>-service" from node_modules,
 * as WebdriverIO looks them up; a module's `launcher` export is its launcher service, its
 * default export (or the module itself when it is a class) its worker service.
 *
 * The launcher makes its launcher services once (services_attach with
 * SERVICES_LAUNCHER: `new Launcher(options, capabilities, config)`); a worker makes its
 * worker services for every job (`new Service(options, caps, config)`), as WebdriverIO
 * makes them in every worker process. The hooks of those instances, bound to them, go to
 * `cfg->service_hooks` (hook name → array), which config/hooks.c calls with the config's
 * own hooks: worker hooks together with the config's (WebdriverIO appends them to the
 * config's arrays), launcher hooks after the config's.
 *
 * Memory: cfg->service_hooks is protected while attached; services_detach releases it. */
#ifndef SONDE_CONFIG_SERVICES_H
#define SONDE_CONFIG_SERVICES_H

#include "common/sbuf.h"
#include "config/config.h"

typedef enum { SERVICES_LAUNCHER, SERVICES_WORKER } services_role_t;

/* Checks the shape of `services` and that every name resolves; -1 with one message naming
 * the file, line and entry otherwise. Loads nothing. */
int services_validate(const sonde_config_t *cfg, sbuf_t *err);

/* Makes the services of `role` in the config's realm (`caps`: the capabilities array for the
 * launcher, the job's capabilities for a worker) and sets cfg->service_hooks. 0 when there
 * are none or all were made; -1 with a message ("Failed to initialise service ...") when a
 * module failed to load or a constructor threw. Detaches what was attached before. */
int services_attach(sonde_config_t *cfg, services_role_t role, JSValueRef caps, sbuf_t *err);
void services_detach(sonde_config_t *cfg);

/* True when the config lists any service (a worker attaches per job only then). */
bool services_configured(const sonde_config_t *cfg);

#endif
