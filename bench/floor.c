/* floor: the raw-libcurl floor for bench/run.sh. Makes N sequential GETs of one URL on one
 * libcurl easy handle (so one keep-alive connection), checks each is a 200, and prints
 *
 *   floor_ms <milliseconds for the N requests>  (handle set-up and process start excluded)
 *   per_request_us <floor_ms * 1000 / N>
 *   connections <new connections libcurl opened>
 *
 *   floor URL [N [BODY_FILE]]   (N defaults to 1000; the last body is written to
 *                                BODY_FILE, for bench/jscfloor.c)
 *
 * Built by bench/run.sh with cc against pkg-config's libcurl (not part of the CMake
 * build). The body is collected into a buffer as sonde's client does, and nothing else is
 * done with it. */
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

typedef struct {
  char *data;
  size_t len, cap;
} buf_t;

static size_t on_body(char *ptr, size_t size, size_t nmemb, void *userdata) {
  buf_t *b = userdata;
  size_t n = size * nmemb;
  if (b->len + n + 1 > b->cap) {
    b->cap = (b->len + n + 1) * 2;
    b->data = realloc(b->data, b->cap);
    if (!b->data) return 0;
  }
  memcpy(b->data + b->len, ptr, n);
  b->len += n;
  b->data[b->len] = '\0';
  return n;
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* This process's CPU time (user + system): what the CPU budget compares sonde's CPU time
 * with. Wall time would count the server's answer and, on a busy machine, the wait for a
 * CPU. */
static double cpu_ms(void) {
  struct rusage ru;
  if (getrusage(RUSAGE_SELF, &ru) != 0) return 0;
  return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
         (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: floor URL [N [BODY_FILE]]\n");
    return 2;
  }
  const char *url = argv[1];
  long n = argc > 2 ? atol(argv[2]) : 1000;
  if (n <= 0) n = 1000;
  curl_global_init(CURL_GLOBAL_DEFAULT);
  CURL *h = curl_easy_init();
  buf_t body = {0};
  struct curl_slist *headers = curl_slist_append(NULL, "Accept: application/json");
  curl_easy_setopt(h, CURLOPT_URL, url);
  curl_easy_setopt(h, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_body);
  curl_easy_setopt(h, CURLOPT_WRITEDATA, &body);
  curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
  long connections = 0;
  double t0 = now_ms(), c0 = cpu_ms();
  for (long i = 0; i < n; i++) {
    body.len = 0;
    CURLcode rc = curl_easy_perform(h);
    long status = 0, opened = 0;
    curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
    curl_easy_getinfo(h, CURLINFO_NUM_CONNECTS, &opened);
    connections += opened;
    if (rc != CURLE_OK || status != 200) {
      fprintf(stderr, "floor: request %ld failed: %s (status %ld)\n", i + 1, curl_easy_strerror(rc),
              status);
      return 1;
    }
  }
  double ms = now_ms() - t0;
  printf("floor_ms %.3f\nfloor_cpu_ms %.3f\nper_request_us %.2f\nconnections %ld\n", ms,
         cpu_ms() - c0, ms * 1000.0 / (double)n, connections);
  if (argc > 3) {
    FILE *out = fopen(argv[3], "wb");
    if (!out || fwrite(body.data, 1, body.len, out) != body.len || fclose(out) != 0) {
      fprintf(stderr, "floor: cannot write %s\n", argv[3]);
      return 1;
    }
  }
  curl_slist_free_all(headers);
  curl_easy_cleanup(h);
  free(body.data);
  curl_global_cleanup();
  return 0;
}
