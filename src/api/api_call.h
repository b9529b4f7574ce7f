/* api_call: what api_request.c (a call from its arguments to the settled promise) and
 * api_attempt.c (one attempt on the wire and its outcome) share: the call itself, its
 * tickets, and the steps each file hands to the other. Private to those two files.
 *
 * Memory: a call is owned by its binding's list until it settles or is cancelled. JS
 * continuations (interceptor promises, the abort listener) hold a ticket, not the call: a
 * small refcounted box whose `call` is cleared when the call goes, so a continuation that
 * runs late (or is collected late) finds nothing to do. */
#ifndef SONDE_API_CALL_H
#define SONDE_API_CALL_H

#include <stdbool.h>
#include <stdint.h>

#include "api/api_internal.h"

typedef struct {
  int refs;
  api_call_t *call;
} api_ticket_t;

struct api_call {
  api_binding_t *b;
  api_inst_t *inst; /* the client object called; outlived by the call */
  api_call_t *prev, *next;
  api_ticket_t *ticket;
  JSObjectRef resolve, reject; /* protected */
  JSObjectRef origin;          /* an Error made when the call was made, so that a network
                                  * error's stack is the caller's line (a spec's), not the
                                  * loop's; protected */
  JSValueRef body;             /* the caller's body; protected; NULL when none */
  JSValueRef params;           /* protected; NULL when none */
  JSObjectRef signal;          /* protected; NULL when none */
  JSObjectRef on_abort;        /* the listener added to `signal`; protected */
  JSObjectRef config;          /* the config the last attempt sent (interceptors ran);
                                  * protected; NULL when the attempt went out without one */
  api_hlist_t sent_headers;    /* without a config: the headers of the attempt in flight */
  char *sent_json;             /* without a config: its JSON body text, or NULL */
  char *method;
  char *url;              /* base URL + path; params are appended per attempt */
  api_hlist_t headers;    /* defaults merged with the call's own */
  char *auto_type;        /* the Content-Type chosen from the body; NULL: caller's */
  char *boundary;         /* for FormData bodies */
  double timeout_ms;      /* as asked for; each attempt's config starts from it */
  double sent_timeout_ms; /* of the attempt in flight (an interceptor may change it) */
  int retries;
  double retry_delay_ms;
  bool exponential;
  int max_redirects;            /* 0: redirect 'manual' (the 3xx is the response) */
  double max_body_size;         /* bytes; 0: no limit */
  int attempt;                  /* attempts started */
  uint64_t http_id;             /* the exchange in flight, 0 when none */
  uv_timer_t *timer;            /* the wait before the next attempt; NULL when none */
  char *sent_method, *sent_url; /* of the attempt in flight */
  api_exchange_t *exchange;     /* its exchange record (request half) */
  json_t *har_request;          /* its HAR entry's request half when the client records;
                                  * owned; NULL otherwise */
  double har_started;           /* when it was sent, ms since the epoch */
};

/* ---- api_request.c ---- */

api_ticket_t *api_ticket_ref(api_ticket_t *t);
void api_ticket_unref(void *ticket);
/* Stops and frees the wait before the next attempt, if any. */
void api_call_stop_timer(api_call_t *call);
/* Settles the promise with `value` (reject: as an error); the call is freed first. */
void api_call_settle(api_call_t *call, JSValueRef value, bool reject);
/* Starts the next attempt: through the request interceptors when there are any. */
void api_call_attempt(api_call_t *call);
/* response.request for an attempt sent without a config; NULL with *exc on a throw. */
JSValueRef api_call_request(api_call_t *call, JSValueRef *exc);
api_exchange_info_t api_call_info(const api_call_t *call);
/* Runs the helper's `kind` ("request" or "response") chain over `value`, continuing with
 * on_ok, or rejecting the call when a step throws. */
void api_call_chain(api_call_t *call, const char *kind, JSObjectRef fns, JSValueRef value,
                    js_closure_fn on_ok);

/* ---- api_attempt.c ---- */

/* The attempt's config (as the interceptors left it), or the call itself when there is no
 * config (NULL), becomes an http request; its outcome retries or settles the call. */
void api_call_send(api_call_t *call, JSObjectRef config, JSValueRef materialized);

#endif
