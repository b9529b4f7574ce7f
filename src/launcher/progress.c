/* progress: see progress.h. */
#include "launcher/progress.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct {
  bool active;
  bool drawn;
  int paused;
  size_t files, files_done;
  long passed, failed;
  uint64_t started_ns;
  uv_timer_t timer;
} progress;

bool progress_wanted(bool option_allows) {
  const char *no_color = getenv("NO_COLOR");
  const char *term = getenv("TERM");
  return option_allows && isatty(STDOUT_FILENO) && !(no_color && no_color[0]) &&
         !(term && strcmp(term, "dumb") == 0);
}

static void clear_line(void) {
  if (!progress.drawn) return;
  fputs("\r\x1b[K", stdout);
  fflush(stdout);
  progress.drawn = false;
}

static void draw(void) {
  if (!progress.active || progress.paused) return;
  uint64_t secs = (uv_hrtime() - progress.started_ns) / 1000000000ULL;
  if (secs < 1) return; /* a short run never shows it */
  printf(
      "\r\x1b[K%zu/%zu spec files \xc2\xb7 %ld passed \xc2\xb7 %ld failed \xc2\xb7 "
      "%02llu:%02llu:%02llu",
      progress.files_done, progress.files, progress.passed, progress.failed,
      (unsigned long long)(secs / 3600), (unsigned long long)(secs / 60 % 60),
      (unsigned long long)(secs % 60));
  fflush(stdout);
  progress.drawn = true;
}

static void on_tick(uv_timer_t *t) {
  (void)t;
  draw();
}

void progress_start(uv_loop_t *loop, size_t files) {
  if (progress.active) return;
  memset(&progress, 0, sizeof progress);
  progress.files = files;
  progress.started_ns = uv_hrtime();
  if (uv_timer_init(loop, &progress.timer) != 0) return;
  /* The line must not keep the loop alive on its own. */
  uv_unref((uv_handle_t *)&progress.timer);
  progress.active = uv_timer_start(&progress.timer, on_tick, 1000, 1000) == 0;
}

void progress_test(bool passed) {
  if (!progress.active) return;
  if (passed) progress.passed++;
  else progress.failed++;
  draw();
}

void progress_file_done(void) {
  if (!progress.active) return;
  progress.files_done++;
  draw();
}

void progress_pause(void) {
  if (!progress.active) return;
  if (progress.paused++ == 0) clear_line();
}

void progress_resume(void) {
  if (!progress.active || progress.paused == 0) return;
  if (--progress.paused == 0) draw();
}

void progress_stop(void) {
  if (!progress.active) return;
  clear_line();
  progress.active = false;
  uv_timer_stop(&progress.timer);
  uv_close((uv_handle_t *)&progress.timer, NULL);
}
