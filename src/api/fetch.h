/* fetch: the global fetch() of every realm, on the http client of the `api` global when one
 * is bound to the realm (same connection cache, TLS settings and cookie jar), else on a
 * client of its own shared by the runtime's other realms (the launcher's config realm).
 * Request/Response/Headers/FormData/Blob are js/ classes (web.h); this file does the
 * network half: the exchange, redirects, decoding, abort signals and errors as Node 20's
 * undici reports them (TypeError "fetch failed" with the cause).
 *
 * Memory: the state registered here lives until js_runtime_free; pending fetches hold
 * their promise's resolve/reject protected until they settle, are aborted, or their realm
 * ends (then they are cancelled). */
#ifndef SONDE_API_FETCH_H
#define SONDE_API_FETCH_H

#include "js/runtime.h"

/* Installs fetch on every realm `rt` creates from now on. Call once per runtime, before
 * the realms that should have it. */
void fetch_register(js_runtime_t *rt);

#endif
