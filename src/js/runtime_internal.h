/* runtime_internal: the structures shared by runtime.c and module.c. Not for other modules. */
#ifndef SONDE_JS_RUNTIME_INTERNAL_H
#define SONDE_JS_RUNTIME_INTERNAL_H

#include <stdint.h>

#include "js/runtime.h"

typedef struct {
  char *name;
  js_builtin_init init;
  void *userdata;
} js_builtin_t;

struct js_runtime {
  uv_loop_t *loop;
  JSContextGroupRef group;
  strvec_t argv;
  js_builtin_t *builtins;
  size_t n_builtins;
  uint64_t next_timer_id;
};

typedef struct js_timer {
  uv_timer_t handle;
  js_realm_t *realm;
  uint64_t id;
  bool repeat;
  JSObjectRef fn;    /* protected while the timer lives */
  JSObjectRef args;  /* extra arguments (array), protected; NULL when none */
  struct js_timer *prev, *next;
} js_timer_t;

struct js_realm {
  js_runtime_t *rt;
  JSGlobalContextRef ctx;
  js_console_sink console_sink;
  void *console_ud;
  js_uncaught_handler uncaught;
  void *uncaught_ud;
  void *slots[JS_SLOT_COUNT];
  js_timer_t *timers;
  size_t n_timers;
  JSObjectRef module_cache;    /* path → module object; protected */
  JSObjectRef builtin_cache;   /* name → exports; protected */
  struct js_realm *next;
};

void js_module_init_realm(js_realm_t *realm);
void js_module_free_realm(js_realm_t *realm);

#endif
