/* web: the web platform globals of a new realm (each family in its own web_*.c file), plus
 * Node's Buffer, console and process. They are defined lazily: the first use of a
 * name runs its family's installer, so a spec file pays only for what it touches (a realm
 * with all of them installed costs a few milliseconds; a bare one a fraction of that). */
#include "js/jsclass.h"
#include "js/node.h"
#include "js/runtime_internal.h"
#include "js/web.h"

static const js_lazy_t kGlobals[] = {
    {"DOMException", js_web_events_install},
    {"Event", js_web_events_install},
    {"CustomEvent", js_web_events_install},
    {"EventTarget", js_web_events_install},
    {"AbortController", js_web_events_install},
    {"AbortSignal", js_web_events_install},
    {"structuredClone", js_web_events_install},
    {"Buffer", js_buffer_install},
    {"TextEncoder", js_encoding_install},
    {"TextDecoder", js_encoding_install},
    {"atob", js_encoding_install},
    {"btoa", js_encoding_install},
    {"URL", js_url_install},
    {"URLSearchParams", js_url_install},
    {"crypto", js_crypto_install},
    {"performance", js_performance_install},
    {"Blob", js_blob_install},
    {"File", js_blob_install},
    {"FormData", js_formdata_install},
    {"Headers", js_headers_install},
    {"Request", js_fetch_classes_install},
    {"Response", js_fetch_classes_install},
    {"console", js_console_install},
    {"process", js_process_install},
};

void js_web_install(js_realm_t *realm) {
  js_define_lazies(js_realm_context(realm), kGlobals, sizeof(kGlobals) / sizeof(kGlobals[0]));
}
