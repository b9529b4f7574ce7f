/* zygote: a copy of the launcher forked at the top of main(), before JavaScriptCore, libcurl
 * or any thread has started, that forks worker processes on request. Starting a worker by
 * exec costs ~14 ms of loading and relocating some sixty shared libraries; a fork of the
 * zygote, which has them loaded already, costs well under one. A worker forked here is the
 * same program in the same state as `sonde worker` exec'd, with the channel on fd 3.
 *
 * The zygote reaps its children and reports each exit (pid and wait status) on a second
 * socket the launcher's loop watches. It ends when the launcher closes its end.
 *
 * Memory: the zygote's state is process-wide and lives until zygote_stop. */
#ifndef SONDE_LAUNCHER_ZYGOTE_H
#define SONDE_LAUNCHER_ZYGOTE_H

#include <stdbool.h>
#include <sys/types.h>

/* Forks the zygote, which first runs preload() (what every worker would otherwise load for
 * itself: libcurl); its children run child_main(argc, argv) with argv {exe, "worker"}.
 * Without a zygote (fork failed, or SONDE_ZYGOTE=0) workers are exec'd as before. */
void zygote_start(const char *exe, void (*preload)(void), int (*child_main)(int argc, char **argv));
bool zygote_available(void);
/* Starts a worker whose fd 3 is `channel` (the caller closes its copy): its pid, or -1. */
pid_t zygote_spawn(int channel);
/* The same in two halves, so that the launcher need not wait while the zygote is still
 * preloading: the request (false if it could not be sent, or another one's pid is still
 * unread), then its pid, read when needed (-1 if the zygote forked nothing or has gone). */
bool zygote_spawn_start(int channel);
pid_t zygote_spawn_pid(void);
/* The socket on which exits are reported (readable: call zygote_read_exits), or -1. */
int zygote_exit_fd(void);
/* Reads the exits reported so far, calling on_exit(pid, wait status) for each. False once
 * the zygote has gone (the socket is at its end: stop watching it). */
bool zygote_read_exits(void (*on_exit)(pid_t pid, int status, void *ud), void *ud);
/* Closes the launcher's ends; the zygote then ends by itself. */
void zygote_stop(void);

#endif
