/* services: see services.h. WebdriverIO's initializeServices / initializeLauncherService /
 * initializeWorkerService rules, rebuilt on the config's realm. */
#include "config/services.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "config/hooks.h"
#include "js/inspect.h"
#include "js/jsutil.h"

static const char *const kSharedStore = "@wdio/shared-store-service";

static JSValueRef services_value(JSContextRef ctx, JSObjectRef config) {
  return config ? js_get(ctx, config, "services") : JSValueMakeUndefined(ctx);
}

/* True when `config` (an object of ctx's realm) lists any service. */
static bool listed(JSContextRef ctx, JSObjectRef config) {
  JSValueRef v = services_value(ctx, config);
  return JSValueIsArray(ctx, v) && js_array_length(ctx, v) > 0;
}

bool services_configured(const sonde_config_t *cfg) {
  return listed(js_realm_context(cfg->realm), cfg->object);
}

static bool is_path(const char *name) {
  return name[0] == '/' || strncmp(name, "./", 2) == 0 || strncmp(name, "../", 3) == 0;
}

/* The module requests that stand for service `name`, in WebdriverIO's order. */
static void candidates(const char *name, strvec_t *out) {
  if (strcmp(name, "shared-store") == 0 || strcmp(name, kSharedStore) == 0) {
    strvec_push(out, kSharedStore);
    return;
  }
  if (name[0] == '@' || is_path(name)) {
    strvec_push(out, name);
    return;
  }
  char *lower = xstrdup(name);
  for (char *p = lower; *p; p++) *p = (char)tolower((unsigned char)*p);
  strvec_push_owned(out, xasprintf("@wdio/%s-service", lower));
  strvec_push_owned(out, xasprintf("wdio-%s-service", lower));
  free(lower);
}

/* The first candidate that resolves from the config's folder in `realm` (malloc'd), or
 * NULL. */
static char *resolve_name(const sonde_config_t *cfg, js_realm_t *realm, const char *name) {
  strvec_t c = STRVEC_INIT;
  candidates(name, &c);
  char *found = NULL;
  for (size_t i = 0; i < c.len && !found; i++) {
    bool builtin = false;
    char *path = js_module_resolve(realm, cfg->dir, c.items[i], &builtin);
    if (path) found = xstrdup(c.items[i]);
    free(path);
  }
  strvec_free(&c);
  return found;
}

static void not_found(const sonde_config_t *cfg, const char *key, const char *name, sbuf_t *err) {
  if (name[0] == '@' || is_path(name)) {
    config_key_error(cfg, "services", err, "\"%s\": cannot find service \"%s\" (from %s)", key,
                     name, cfg->dir);
    return;
  }
  char *lower = xstrdup(name);
  for (char *p = lower; *p; p++) *p = (char)tolower((unsigned char)*p);
  config_key_error(cfg, "services", err,
                   "\"%s\": cannot find service \"%s\": it is not built in (sonde has "
                   "\"shared-store\"), and neither \"@wdio/%s-service\" nor \"wdio-%s-service\" "
                   "is installed in a node_modules folder above %s",
                   key, name, lower, lower, cfg->dir);
  free(lower);
}

/* Splits entry `item` into the service and its options; false (with a message) when the
 * shape is wrong. */
static bool entry_parts(const sonde_config_t *cfg, JSContextRef ctx, JSValueRef item,
                        const char *key, JSValueRef *service, JSValueRef *options, sbuf_t *err) {
  *service = item;
  *options = JSValueMakeUndefined(ctx);
  if (JSValueIsArray(ctx, item)) {
    size_t n = js_array_length(ctx, item);
    *service = n > 0 ? js_array_get(ctx, item, 0) : JSValueMakeUndefined(ctx);
    *options = n > 1 ? js_array_get(ctx, item, 1) : JSValueMakeUndefined(ctx);
    if (n == 0 || n > 2) {
      config_key_error(cfg, "services", err,
                       "\"%s\" must be [service, options] (got an array of %zu items)", key, n);
      return false;
    }
    if (!JSValueIsUndefined(ctx, *options) &&
        (!JSValueIsObject(ctx, *options) || JSValueIsArray(ctx, *options) ||
         js_is_function(ctx, *options))) {
      config_key_error(cfg, "services", err, "\"%s\": the options of a service must be an object",
                       key);
      return false;
    }
  }
  if (JSValueIsString(ctx, *service) || JSValueIsObject(ctx, *service)) {
    if (!JSValueIsArray(ctx, *service)) return true;
  }
  config_key_error(cfg, "services", err,
                   "\"%s\" must be a service name, a class, an object of hooks, or [one of "
                   "these, options]",
                   key);
  return false;
}

int services_validate(const sonde_config_t *cfg, sbuf_t *err) {
  JSContextRef ctx = js_realm_context(cfg->realm);
  JSValueRef list = services_value(ctx, cfg->object);
  if (JSValueIsUndefined(ctx, list) || JSValueIsNull(ctx, list)) return 0;
  if (!JSValueIsArray(ctx, list)) {
    config_key_error(cfg, "services", err, "\"services\" must be an array");
    return -1;
  }
  size_t n = js_array_length(ctx, list);
  for (size_t i = 0; i < n; i++) {
    char key[48];
    snprintf(key, sizeof(key), "services[%zu]", i);
    JSValueRef service, options;
    if (!entry_parts(cfg, ctx, js_array_get(ctx, list, (unsigned)i), key, &service, &options, err))
      return -1;
    if (!JSValueIsString(ctx, service)) continue;
    char *name = js_value_to_utf8(ctx, service);
    char *found = name[0] ? resolve_name(cfg, cfg->realm, name) : NULL;
    if (!found) not_found(cfg, key, name, err);
    free(name);
    if (!found) return -1;
    free(found);
  }
  return 0;
}

/* require(request) as the config file would call it. */
static JSValueRef require_from_config(const sonde_config_t *cfg, JSContextRef ctx,
                                      const char *request, JSValueRef *exc) {
  JSValueRef make = js_eval(ctx, "(function (p) { return require('module').createRequire(p); })",
                            "sonde:services", 1, exc);
  if (!make) return NULL;
  JSValueRef path = js_make_string(ctx, cfg->path);
  JSValueRef req = js_call(ctx, make, NULL, 1, &path, exc);
  if (!req) return NULL;
  JSValueRef r = js_make_string(ctx, request);
  return js_call(ctx, req, NULL, 1, &r, exc);
}

/* `new cls(options, caps, config)`; NULL with *exc. */
static JSObjectRef construct(JSObjectRef config, JSContextRef ctx, JSValueRef cls,
                             JSValueRef options, JSValueRef caps, JSValueRef *exc) {
  JSObjectRef ctor = JSValueToObject(ctx, cls, exc);
  if (!ctor) return NULL;
  JSValueRef argv[3] = {
      JSValueIsUndefined(ctx, options) ? (JSValueRef)JSObjectMake(ctx, NULL, NULL) : options, caps,
      config};
  if (!JSObjectIsConstructor(ctx, ctor)) return (JSObjectRef)js_call(ctx, ctor, NULL, 3, argv, exc);
  return JSObjectCallAsConstructor(ctx, ctor, 3, argv, exc);
}

/* Appends the hooks of `instance` for `role`, bound to it, to `hooks`. */
static void collect_hooks(JSContextRef ctx, JSObjectRef hooks, JSValueRef instance,
                          services_role_t role) {
  /* The hooks a service instance may have: its role's. */
  const char *const *names = role == SERVICES_LAUNCHER ? hooks_launcher_names : hooks_worker_names;
  for (const char *const *n = names; *n; n++) {
    JSValueRef fn = js_get(ctx, instance, *n);
    if (!js_is_function(ctx, fn)) continue;
    JSValueRef bound = js_call(ctx, js_get(ctx, fn, "bind"), fn, 1, &instance, NULL);
    if (!bound) continue;
    JSValueRef list = js_get(ctx, hooks, *n);
    if (!JSValueIsArray(ctx, list)) {
      list = js_make_array(ctx, 0, NULL);
      js_set(ctx, hooks, *n, list);
    }
    js_call(ctx, js_get(ctx, list, "push"), list, 1, &bound, NULL);
  }
}

/* The instance for one entry, or NULL when this role has none (no error) or it failed
 * (*exc set). */
static JSValueRef make_instance(const sonde_config_t *cfg, js_realm_t *realm, JSObjectRef config,
                                JSValueRef service, JSValueRef options, JSValueRef caps,
                                services_role_t role, JSValueRef *exc) {
  JSContextRef ctx = js_realm_context(realm);
  if (JSValueIsObject(ctx, service) && !js_is_function(ctx, service)) return service;
  if (js_is_function(ctx, service)) return construct(config, ctx, service, options, caps, exc);
  char *name = js_value_to_utf8(ctx, service);
  char *request = resolve_name(cfg, realm, name);
  free(name);
  if (!request) return NULL; /* validated by the launcher; a worker finds the same */
  JSValueRef module = require_from_config(cfg, ctx, request, exc);
  free(request);
  if (!module) return NULL;
  JSValueRef cls =
      role == SERVICES_LAUNCHER ? js_get(ctx, module, "launcher") : js_get(ctx, module, "default");
  if (role == SERVICES_WORKER && !js_is_function(ctx, cls) && js_is_function(ctx, module))
    cls = module;
  if (!js_is_function(ctx, cls)) return NULL; /* no service of this role */
  return construct(config, ctx, cls, options, caps, exc);
}

static char *label_of(JSContextRef ctx, JSValueRef service) {
  if (JSValueIsString(ctx, service)) {
    char *name = js_value_to_utf8(ctx, service);
    char *r = xasprintf("\"%s\"", name);
    free(name);
    return r;
  }
  if (js_is_function(ctx, service)) {
    char *name = js_get_string(ctx, service, "name");
    char *r = xasprintf("\"%s\"", name && *name ? name : "anonymous class");
    free(name);
    return r;
  }
  return xstrdup("object");
}

int services_attach(const sonde_config_t *cfg, js_realm_t *realm, JSObjectRef config,
                    services_role_t role, JSValueRef caps, JSObjectRef *hooks_out, sbuf_t *err) {
  *hooks_out = NULL;
  JSContextRef ctx = js_realm_context(realm);
  if (!listed(ctx, config)) return 0;
  JSValueRef list = services_value(ctx, config);
  JSObjectRef hooks = JSObjectMake(ctx, NULL, NULL);
  JSValueProtect(ctx, hooks);
  size_t n = js_array_length(ctx, list);
  for (size_t i = 0; i < n; i++) {
    char key[48];
    snprintf(key, sizeof(key), "services[%zu]", i);
    JSValueRef service, options;
    if (!entry_parts(cfg, ctx, js_array_get(ctx, list, (unsigned)i), key, &service, &options, err))
      goto fail;
    JSValueRef exc = NULL;
    JSValueRef instance = make_instance(cfg, realm, config, service, options, caps, role, &exc);
    if (exc) {
      char *label = label_of(ctx, service);
      char *stack = js_error_stack(ctx, exc);
      sbuf_printf(err, "Failed to initialise %sservice %s (%s): %s",
                  role == SERVICES_LAUNCHER ? "launcher " : "", label, key, stack);
      free(stack);
      free(label);
      goto fail;
    }
    if (instance && JSValueIsObject(ctx, instance)) collect_hooks(ctx, hooks, instance, role);
  }
  *hooks_out = hooks;
  return 0;
fail:
  JSValueUnprotect(ctx, hooks);
  return -1;
}

void services_detach(sonde_config_t *cfg) {
  if (!cfg->service_hooks) return;
  JSValueUnprotect(js_realm_context(cfg->realm), cfg->service_hooks);
  cfg->service_hooks = NULL;
}
