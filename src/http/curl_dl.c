/* curl_dl: see curl_dl.h. Every symbol is resolved when the library is loaded, so a
 * libcurl without one of them is refused at once instead of failing mid-run. */
#define CURL_DL_IMPLEMENTATION
#include "http/curl_dl.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stddef.h>

// An X-macro list, one entry per line; clang-format 14 would lay it out differently on
// every pass.
// clang-format off
#define CURL_DL_FUNCTIONS(X)  \
  X(curl_global_init)         \
  X(curl_easy_init)           \
  X(curl_easy_cleanup)        \
  X(curl_easy_setopt)         \
  X(curl_easy_getinfo)        \
  X(curl_easy_strerror)       \
  X(curl_multi_init)          \
  X(curl_multi_cleanup)       \
  X(curl_multi_setopt)        \
  X(curl_multi_add_handle)    \
  X(curl_multi_remove_handle) \
  X(curl_multi_assign)        \
  X(curl_multi_socket_action) \
  X(curl_multi_info_read)     \
  X(curl_multi_strerror)      \
  X(curl_share_init)          \
  X(curl_share_cleanup)       \
  X(curl_share_setopt)        \
  X(curl_share_strerror)      \
  X(curl_slist_append)        \
  X(curl_slist_free_all)      \
  X(curl_url)                 \
  X(curl_url_cleanup)         \
  X(curl_url_set)             \
  X(curl_url_get)             \
  X(curl_free)                \
  X(curl_getdate)             \
  X(curl_easy_send)           \
  X(curl_easy_recv)           \
  X(curl_easy_perform)
// clang-format on

static struct {
#define X(name) __typeof__(name) *name;
  CURL_DL_FUNCTIONS(X)
#undef X
} fn;

static enum { CURL_DL_NOT_TRIED, CURL_DL_READY, CURL_DL_FAILED } state;
static const char *failure;

bool curl_dl_load(const char **why) {
  if (state == CURL_DL_NOT_TRIED) {
    state = CURL_DL_FAILED;
    void *lib = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
      failure = "cannot load libcurl.so.4 (apt-get install libcurl4)";
    } else {
      failure = NULL;
#define X(name)                                              \
  if (!failure && !(*(void **)&fn.name = dlsym(lib, #name))) \
    failure =                                                \
        "libcurl.so.4 "                                      \
        "lacks " #name;
      CURL_DL_FUNCTIONS(X)
#undef X
      if (!failure && fn.curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
        failure = "curl_global_init failed";
      if (!failure) state = CURL_DL_READY;
    }
  }
  if (why) *why = failure;
  return state == CURL_DL_READY;
}

static bool ready(void) { return state == CURL_DL_READY || curl_dl_load(NULL); }

/* A variadic option's value as the option's type says (the ranges of curl.h). */
#define CURL_DL_SETOPT(call, handle, option, ap)                                             \
  ((option) < CURLOPTTYPE_OBJECTPOINT     ? call(handle, option, va_arg(ap, long))           \
   : (option) < CURLOPTTYPE_FUNCTIONPOINT ? call(handle, option, va_arg(ap, void *))         \
   : (option) < CURLOPTTYPE_OFF_T         ? call(handle, option, va_arg(ap, void (*)(void))) \
   : (option) < CURLOPTTYPE_BLOB          ? call(handle, option, va_arg(ap, curl_off_t))     \
                                          : call(handle, option, va_arg(ap, void *)))

CURL *curl_dl_easy_init(void) { return ready() ? fn.curl_easy_init() : NULL; }

void curl_dl_easy_cleanup(CURL *h) {
  if (ready()) fn.curl_easy_cleanup(h);
}

CURLcode curl_dl_easy_setopt(CURL *h, CURLoption option, ...) {
  if (!ready()) return CURLE_FAILED_INIT;
  va_list ap;
  va_start(ap, option);
  CURLcode rc = CURL_DL_SETOPT(fn.curl_easy_setopt, h, option, ap);
  va_end(ap);
  return rc;
}

CURLcode curl_dl_easy_getinfo(CURL *h, CURLINFO info, ...) {
  if (!ready()) return CURLE_FAILED_INIT;
  va_list ap;
  va_start(ap, info);
  CURLcode rc = fn.curl_easy_getinfo(h, info, va_arg(ap, void *));
  va_end(ap);
  return rc;
}

const char *curl_dl_easy_strerror(CURLcode code) {
  return ready() ? fn.curl_easy_strerror(code) : failure;
}

CURLcode curl_dl_easy_send(CURL *h, const void *buf, size_t n, size_t *sent) {
  return ready() ? fn.curl_easy_send(h, buf, n, sent) : CURLE_FAILED_INIT;
}

CURLcode curl_dl_easy_recv(CURL *h, void *buf, size_t n, size_t *got) {
  return ready() ? fn.curl_easy_recv(h, buf, n, got) : CURLE_FAILED_INIT;
}

CURLcode curl_dl_easy_perform(CURL *h) {
  return ready() ? fn.curl_easy_perform(h) : CURLE_FAILED_INIT;
}

CURLM *curl_dl_multi_init(void) { return ready() ? fn.curl_multi_init() : NULL; }

CURLMcode curl_dl_multi_cleanup(CURLM *m) {
  return ready() ? fn.curl_multi_cleanup(m) : CURLM_INTERNAL_ERROR;
}

CURLMcode curl_dl_multi_setopt(CURLM *m, CURLMoption option, ...) {
  if (!ready()) return CURLM_INTERNAL_ERROR;
  va_list ap;
  va_start(ap, option);
  CURLMcode rc = CURL_DL_SETOPT(fn.curl_multi_setopt, m, option, ap);
  va_end(ap);
  return rc;
}

CURLMcode curl_dl_multi_add_handle(CURLM *m, CURL *h) {
  return ready() ? fn.curl_multi_add_handle(m, h) : CURLM_INTERNAL_ERROR;
}

CURLMcode curl_dl_multi_remove_handle(CURLM *m, CURL *h) {
  return ready() ? fn.curl_multi_remove_handle(m, h) : CURLM_INTERNAL_ERROR;
}

CURLMcode curl_dl_multi_assign(CURLM *m, curl_socket_t s, void *p) {
  return ready() ? fn.curl_multi_assign(m, s, p) : CURLM_INTERNAL_ERROR;
}

CURLMcode curl_dl_multi_socket_action(CURLM *m, curl_socket_t s, int ev_bitmask,
                                      int *running_handles) {
  return ready() ? fn.curl_multi_socket_action(m, s, ev_bitmask, running_handles)
                 : CURLM_INTERNAL_ERROR;
}

CURLMsg *curl_dl_multi_info_read(CURLM *m, int *msgs_in_queue) {
  return ready() ? fn.curl_multi_info_read(m, msgs_in_queue) : NULL;
}

const char *curl_dl_multi_strerror(CURLMcode code) {
  return ready() ? fn.curl_multi_strerror(code) : failure;
}

CURLSH *curl_dl_share_init(void) { return ready() ? fn.curl_share_init() : NULL; }

CURLSHcode curl_dl_share_cleanup(CURLSH *sh) {
  return ready() ? fn.curl_share_cleanup(sh) : CURLSHE_NOT_BUILT_IN;
}

/* CURLSHOPT_SHARE and _UNSHARE take a long, the lock functions a function, USERDATA a
 * pointer. */
CURLSHcode curl_dl_share_setopt(CURLSH *sh, CURLSHoption option, ...) {
  if (!ready()) return CURLSHE_NOT_BUILT_IN;
  va_list ap;
  va_start(ap, option);
  CURLSHcode rc;
  if (option == CURLSHOPT_SHARE || option == CURLSHOPT_UNSHARE)
    rc = fn.curl_share_setopt(sh, option, va_arg(ap, long));
  else if (option == CURLSHOPT_LOCKFUNC || option == CURLSHOPT_UNLOCKFUNC)
    rc = fn.curl_share_setopt(sh, option, va_arg(ap, void (*)(void)));
  else rc = fn.curl_share_setopt(sh, option, va_arg(ap, void *));
  va_end(ap);
  return rc;
}

const char *curl_dl_share_strerror(CURLSHcode code) {
  return ready() ? fn.curl_share_strerror(code) : failure;
}

struct curl_slist *curl_dl_slist_append(struct curl_slist *list, const char *s) {
  return ready() ? fn.curl_slist_append(list, s) : NULL;
}

void curl_dl_slist_free_all(struct curl_slist *list) {
  if (ready()) fn.curl_slist_free_all(list);
}

CURLU *curl_dl_url(void) { return ready() ? fn.curl_url() : NULL; }

void curl_dl_url_cleanup(CURLU *u) {
  if (ready()) fn.curl_url_cleanup(u);
}

CURLUcode curl_dl_url_set(CURLU *u, CURLUPart part, const char *content, unsigned int flags) {
  return ready() ? fn.curl_url_set(u, part, content, flags) : CURLUE_OUT_OF_MEMORY;
}

CURLUcode curl_dl_url_get(CURLU *u, CURLUPart part, char **content, unsigned int flags) {
  return ready() ? fn.curl_url_get(u, part, content, flags) : CURLUE_OUT_OF_MEMORY;
}

void curl_dl_free(void *p) {
  if (ready()) fn.curl_free(p);
}

time_t curl_dl_getdate(const char *p, const time_t *unused) {
  return ready() ? fn.curl_getdate(p, unused) : -1;
}
