/* web_url_internal: what web_url.c (URL) and web_url_params.c (URLSearchParams) share: the
 * private data of both classes and the link between a URL and its searchParams. Internal
 * to those two files. */
#ifndef SONDE_JS_WEB_URL_INTERNAL_H
#define SONDE_JS_WEB_URL_INTERNAL_H

#include <JavaScriptCore/JavaScript.h>

#include "js/jsclass.h"
#include "js/web_url_parse.h"

typedef struct url_params_obj params_t;

typedef struct {
  url_t url;
  params_t *params; /* the searchParams object's data (kept alive by a hidden property) */
} url_obj_t;

struct url_params_obj {
  url_params_t list;
  url_obj_t *owner; /* NULL for a free-standing URLSearchParams */
};

extern js_class_def_t js_url_class;

/* The searchParams object of a new URL (its data linked to `owner`). */
JSObjectRef js_params_make(JSContextRef ctx, url_obj_t *owner);
/* Sets up URLSearchParams in the realm and returns its constructor. */
JSObjectRef js_params_init(JSContextRef ctx);

#endif
