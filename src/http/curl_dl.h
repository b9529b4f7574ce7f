/* curl_dl: libcurl, loaded when the first HTTP client needs it rather than when the
 * program starts. libcurl drags in some thirty shared libraries (TLS, SSH, LDAP, Kerberos,
 * IDN ...) whose loading and relocation cost ~10 ms per process start; the launcher seldom
 * needs them, and the zygote loads them once for every worker it forks.
 *
 * Files of this module include this header instead of <curl/curl.h>: the curl_* calls they
 * make are renamed to the wrappers below, which call into the loaded library.
 *
 * Memory: the library stays loaded for the life of the process. */
#ifndef SONDE_HTTP_CURL_DL_H
#define SONDE_HTTP_CURL_DL_H

#include <stdbool.h>

/* The wrappers take their arguments as libcurl does; no compile-time type check macros. */
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
/* curl.h still wraps these four in argument-count macros: the wrappers replace them. */
#undef curl_easy_setopt
#undef curl_easy_getinfo
#undef curl_multi_setopt
#undef curl_share_setopt

/* Loads libcurl and runs curl_global_init once; false with a static message in *why. */
bool curl_dl_load(const char **why);

CURL *curl_dl_easy_init(void);
void curl_dl_easy_cleanup(CURL *h);
CURLcode curl_dl_easy_setopt(CURL *h, CURLoption option, ...);
CURLcode curl_dl_easy_getinfo(CURL *h, CURLINFO info, ...);
const char *curl_dl_easy_strerror(CURLcode code);
/* For a CURLOPT_CONNECT_ONLY connection (the WebSocket transport, ws.c). */
CURLcode curl_dl_easy_send(CURL *h, const void *buf, size_t n, size_t *sent);
CURLcode curl_dl_easy_recv(CURL *h, void *buf, size_t n, size_t *got);
/* A blocking transfer (http/get.c: documents read once at load time). */
CURLcode curl_dl_easy_perform(CURL *h);
CURLM *curl_dl_multi_init(void);
CURLMcode curl_dl_multi_cleanup(CURLM *m);
CURLMcode curl_dl_multi_setopt(CURLM *m, CURLMoption option, ...);
CURLMcode curl_dl_multi_add_handle(CURLM *m, CURL *h);
CURLMcode curl_dl_multi_remove_handle(CURLM *m, CURL *h);
CURLMcode curl_dl_multi_assign(CURLM *m, curl_socket_t s, void *p);
CURLMcode curl_dl_multi_socket_action(CURLM *m, curl_socket_t s, int ev_bitmask,
                                      int *running_handles);
CURLMsg *curl_dl_multi_info_read(CURLM *m, int *msgs_in_queue);
const char *curl_dl_multi_strerror(CURLMcode code);
CURLSH *curl_dl_share_init(void);
CURLSHcode curl_dl_share_cleanup(CURLSH *sh);
CURLSHcode curl_dl_share_setopt(CURLSH *sh, CURLSHoption option, ...);
const char *curl_dl_share_strerror(CURLSHcode code);
struct curl_slist *curl_dl_slist_append(struct curl_slist *list, const char *s);
void curl_dl_slist_free_all(struct curl_slist *list);
CURLU *curl_dl_url(void);
void curl_dl_url_cleanup(CURLU *u);
CURLUcode curl_dl_url_set(CURLU *u, CURLUPart part, const char *content, unsigned int flags);
CURLUcode curl_dl_url_get(CURLU *u, CURLUPart part, char **content, unsigned int flags);
void curl_dl_free(void *p);
time_t curl_dl_getdate(const char *p, const time_t *unused);

#ifndef CURL_DL_IMPLEMENTATION
#define curl_easy_init           curl_dl_easy_init
#define curl_easy_cleanup        curl_dl_easy_cleanup
#define curl_easy_setopt         curl_dl_easy_setopt
#define curl_easy_getinfo        curl_dl_easy_getinfo
#define curl_easy_strerror       curl_dl_easy_strerror
#define curl_easy_send           curl_dl_easy_send
#define curl_easy_recv           curl_dl_easy_recv
#define curl_easy_perform        curl_dl_easy_perform
#define curl_multi_init          curl_dl_multi_init
#define curl_multi_cleanup       curl_dl_multi_cleanup
#define curl_multi_setopt        curl_dl_multi_setopt
#define curl_multi_add_handle    curl_dl_multi_add_handle
#define curl_multi_remove_handle curl_dl_multi_remove_handle
#define curl_multi_assign        curl_dl_multi_assign
#define curl_multi_socket_action curl_dl_multi_socket_action
#define curl_multi_info_read     curl_dl_multi_info_read
#define curl_multi_strerror      curl_dl_multi_strerror
#define curl_share_init          curl_dl_share_init
#define curl_share_cleanup       curl_dl_share_cleanup
#define curl_share_setopt        curl_dl_share_setopt
#define curl_share_strerror      curl_dl_share_strerror
#define curl_slist_append        curl_dl_slist_append
#define curl_slist_free_all      curl_dl_slist_free_all
#define curl_url                 curl_dl_url
#define curl_url_cleanup         curl_dl_url_cleanup
#define curl_url_set             curl_dl_url_set
#define curl_url_get             curl_dl_url_get
#define curl_free                curl_dl_free
#define curl_getdate             curl_dl_getdate
#endif

#endif
