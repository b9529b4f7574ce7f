/* progress: the live status line of a long run on a terminal ("3/10 spec files · 25 passed ·
 * 1 failed · 00:00:12"), shown once the run has lasted a second (a short run never shows
 * it), redrawn every second and whenever the counts change, and cleared
 * before anything else is printed on stdout and before the reporters' final output. One per
 * process (the launcher's): the print paths call progress_pause/progress_resume around their
 * output without knowing whether a line is shown. Owns its timer; nothing else. */
#ifndef SONDE_LAUNCHER_PROGRESS_H
#define SONDE_LAUNCHER_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <uv.h>

/* Whether a run should show it: stdout is a terminal, NO_COLOR is unset or empty, TERM is
 * not "dumb", and the option `progress` (--no-progress) is not false. */
bool progress_wanted(bool option_allows);

/* Starts showing the line for a run of `files` spec files. */
void progress_start(uv_loop_t *loop, size_t files);
/* A test passed or failed; a spec file finished. */
void progress_test(bool passed);
void progress_file_done(void);
/* Around other output on stdout: clears the line, then draws it again. No-ops when the
 * line is not shown. */
void progress_pause(void);
void progress_resume(void);
/* Clears the line for good and closes the timer (before the reporters' final output). */
void progress_stop(void);

#endif
