/* worker: the process mode that runs spec files for the launcher ("sonde worker"). It
 * reads jobs from fd 3 and writes events back on it (report/events.h, each naming its
 * job's cid). It runs as many jobs at once as the launcher sends, each spec file in a fresh
 * realm of one long-lived runtime on the one loop, with one api client (and so one
 * connection cache) for the whole process. */
#ifndef SONDE_WORKER_WORKER_H
#define SONDE_WORKER_WORKER_H

/* The file descriptor of the launcher channel in a worker process. */
#define WORKER_CHANNEL_FD 3

/* Runs until the launcher sends "shutdown" or closes the channel. Returns the exit code. */
int worker_main(int argc, char **argv);

#endif
