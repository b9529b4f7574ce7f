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
 * makes them in every worker process, in the job's realm. The hooks of those instances,
 * bound to them (hook name → array: the launcher's cfg->service_hooks, a job's own), are
 * called by config/hooks.c with the config's own hooks: worker hooks together with the
 * config's (WebdriverIO appends them to the config's arrays), launcher hooks after the
 * config's.
 *
 * Memory: the hooks object services_attach gives is protected; services_detach releases
 * cfg->service_hooks, a job unprotects its own. */
#ifndef SONDE_CONFIG_SERVICES_H
#define SONDE_CONFIG_SERVICES_H

#include "common/sbuf.h"
#include "config/config.h"

typedef enum { SERVICES_LAUNCHER, SERVICES_WORKER } services_role_t;

/* Checks the shape of `services` and that every name resolves; -1 with one message naming
 * the file, line and entry otherwise. Loads nothing. */
int services_validate(const sonde_config_t *cfg, sbuf_t *err);

/* Makes the services of `role` listed by `config`, the config object as evaluated in
 * `realm` (the launcher's config realm; for a worker, the spec file's realm of a job), with
 * `caps` (the capabilities array for the launcher, the job's capabilities for a worker);
 * cfg gives the config file's path and folder, for resolving service modules and for
 * messages. *hooks gets their hooks (hook name → array of hooks bound to their instances),
 * protected: the caller's to unprotect; NULL when none are listed. 0 when there are none or
 * all were made; -1 with a message ("Failed to initialise service ...") and *hooks NULL when
 * a module failed to load or a constructor threw. */
int services_attach(const sonde_config_t *cfg, js_realm_t *realm, JSObjectRef config,
                    services_role_t role, JSValueRef caps, JSObjectRef *hooks, sbuf_t *err);
/* Releases cfg->service_hooks (the launcher's, attached with cfg's realm and object). */
void services_detach(sonde_config_t *cfg);

/* True when the config lists any service (a worker attaches per job only then). */
bool services_configured(const sonde_config_t *cfg);

#endif
