/* zygote: see zygote.h. Two socketpairs join it to the launcher: `control`, on which the
 * launcher sends a worker's channel (SCM_RIGHTS) and reads back its pid, and `exits`, on
 * which the zygote writes an exit record per reaped child. */
#define _GNU_SOURCE
#include "launcher/zygote.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#define WORKER_CHANNEL_FD 3

typedef struct {
  int32_t pid;
  int32_t status;
} exit_record_t;

static int control_fd = -1, exits_fd = -1;
static pid_t zygote_pid = -1;
static unsigned char pending[sizeof(exit_record_t)]; /* a record split across reads */
static size_t pending_len;

static int write_all(int fd, const void *data, size_t len) {
  const char *p = data;
  while (len > 0) {
    ssize_t n = write(fd, p, len);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return -1;
    p += n;
    len -= (size_t)n;
  }
  return 0;
}

/* ---- the zygote process ---- */

/* The next channel sent by the launcher: the fd, -1 for a bad message, -2 at EOF. */
static int receive_channel(int control) {
  char byte;
  struct iovec iov = {&byte, 1};
  union {
    struct cmsghdr align;
    char buf[CMSG_SPACE(sizeof(int))];
  } u;
  struct msghdr msg = {
      .msg_iov = &iov, .msg_iovlen = 1, .msg_control = u.buf, .msg_controllen = sizeof(u.buf)};
  ssize_t n;
  do n = recvmsg(control, &msg, 0);
  while (n < 0 && errno == EINTR);
  if (n <= 0) return -2;
  struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
  if (!c || c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) return -1;
  int fd;
  memcpy(&fd, CMSG_DATA(c), sizeof(fd));
  return fd;
}

static void reap(int exits) {
  int status;
  pid_t pid;
  while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
    exit_record_t r = {(int32_t)pid, (int32_t)status};
    if (write_all(exits, &r, sizeof(r)) != 0) _exit(0); /* the launcher is gone */
  }
}

/* In the forked worker: the state a fresh exec would have, then the worker itself. */
static void run_worker(int channel, int control, int exits, int sigfd, const sigset_t *mask,
                       const char *exe, int (*child_main)(int, char **)) {
  close(control);
  close(exits);
  close(sigfd);
  for (int sig = 1; sig < NSIG; sig++) signal(sig, SIG_DFL);
  /* As worker_main does, but before the mask opens: a Ctrl-C held while this forked must
   * not kill the worker either. */
  signal(SIGINT, SIG_IGN);
  sigprocmask(SIG_SETMASK, mask, NULL);
  if (channel != WORKER_CHANNEL_FD) {
    if (dup2(channel, WORKER_CHANNEL_FD) < 0) _exit(2);
    close(channel);
  }
  int null = open("/dev/null", O_RDONLY);
  if (null >= 0 && null != 0) {
    dup2(null, 0);
    close(null);
  }
  /* Its argv is the launcher's; ps, top and the bench tell them apart by this name. */
  prctl(PR_SET_NAME, "sonde worker", 0, 0, 0);
  char *argv[] = {(char *)exe, "worker", NULL};
  exit(child_main(2, argv));
}

static void zygote_main(int control, int exits, const char *exe, void (*preload)(void),
                        int (*child_main)(int, char **)) {
  prctl(PR_SET_NAME, "sonde zygote", 0, 0, 0);
  signal(SIGPIPE, SIG_IGN);
  /* Ctrl-C reaches the whole process group: SIGINT and SIGTERM are blocked here (the
   * zygote ends with the launcher), not ignored, because a child keeps its parent's
   * dispositions until it resets them: a SIGTERM the launcher sends a worker that has just
   * been forked must stay pending until then, not be lost. */
  sigset_t blocked, chld, old;
  sigemptyset(&blocked);
  sigaddset(&blocked, SIGINT);
  sigaddset(&blocked, SIGTERM);
  sigaddset(&blocked, SIGCHLD);
  sigprocmask(SIG_BLOCK, &blocked, &old);
  /* While the launcher evaluates the config: the first worker is asked for meanwhile and
   * forked once this is done. */
  if (preload) preload();
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  int sigfd = signalfd(-1, &chld, SFD_CLOEXEC);
  if (sigfd < 0) _exit(1);
  struct pollfd fds[2] = {{.fd = control, .events = POLLIN}, {.fd = sigfd, .events = POLLIN}};
  for (;;) {
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      _exit(1);
    }
    if (fds[1].revents) {
      struct signalfd_siginfo si;
      if (read(sigfd, &si, sizeof(si)) < 0 && errno != EAGAIN && errno != EINTR) _exit(1);
      reap(exits);
    }
    if (!fds[0].revents) continue;
    int channel = receive_channel(control);
    if (channel == -2) _exit(0);
    int32_t pid = -1;
    if (channel >= 0) {
      pid_t child = fork();
      if (child == 0) run_worker(channel, control, exits, sigfd, &old, exe, child_main);
      close(channel);
      pid = child;
    }
    if (write_all(control, &pid, sizeof(pid)) != 0) _exit(0);
  }
}

/* ---- the launcher's side ---- */

void zygote_start(const char *exe, void (*preload)(void),
                  int (*child_main)(int argc, char **argv)) {
  const char *env = getenv("SONDE_ZYGOTE");
  if (env && strcmp(env, "0") == 0) return;
  int control[2], exits[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, control) != 0) return;
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, exits) != 0) {
    close(control[0]);
    close(control[1]);
    return;
  }
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    close(control[0]);
    close(exits[0]);
    zygote_main(control[1], exits[1], exe, preload, child_main);
    _exit(0);
  }
  close(control[1]);
  close(exits[1]);
  if (pid < 0) {
    close(control[0]);
    close(exits[0]);
    return;
  }
  control_fd = control[0];
  exits_fd = exits[0];
  fcntl(exits_fd, F_SETFL, fcntl(exits_fd, F_GETFL) | O_NONBLOCK);
  zygote_pid = pid;
}

bool zygote_available(void) { return control_fd >= 0; }

static bool spawn_pending; /* a request sent whose pid has not been read */

bool zygote_spawn_start(int channel) {
  if (control_fd < 0 || spawn_pending) return false;
  char byte = 'w';
  struct iovec iov = {&byte, 1};
  union {
    struct cmsghdr align;
    char buf[CMSG_SPACE(sizeof(int))];
  } u;
  memset(&u, 0, sizeof(u));
  struct msghdr msg = {
      .msg_iov = &iov, .msg_iovlen = 1, .msg_control = u.buf, .msg_controllen = sizeof(u.buf)};
  struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(sizeof(int));
  memcpy(CMSG_DATA(c), &channel, sizeof(int));
  ssize_t n;
  do n = sendmsg(control_fd, &msg, MSG_NOSIGNAL);
  while (n < 0 && errno == EINTR);
  spawn_pending = n == 1;
  return spawn_pending;
}

pid_t zygote_spawn_pid(void) {
  if (!spawn_pending) return -1;
  spawn_pending = false;
  int32_t pid;
  size_t got = 0;
  while (got < sizeof(pid)) {
    ssize_t r = read(control_fd, (char *)&pid + got, sizeof(pid) - got);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return -1;
    got += (size_t)r;
  }
  return pid;
}

pid_t zygote_spawn(int channel) { return zygote_spawn_start(channel) ? zygote_spawn_pid() : -1; }

int zygote_exit_fd(void) { return exits_fd; }

bool zygote_read_exits(void (*on_exit)(pid_t pid, int status, void *ud), void *ud) {
  if (exits_fd < 0) return false;
  for (;;) {
    ssize_t n = read(exits_fd, pending + pending_len, sizeof(pending) - pending_len);
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) return false; /* the zygote is gone */
    if (n < 0) return true;
    pending_len += (size_t)n;
    if (pending_len < sizeof(pending)) continue;
    exit_record_t r;
    memcpy(&r, pending, sizeof(r));
    pending_len = 0;
    on_exit((pid_t)r.pid, (int)r.status, ud);
  }
}

void zygote_stop(void) {
  if (control_fd < 0) return;
  close(control_fd);
  close(exits_fd);
  control_fd = exits_fd = -1;
  int status;
  while (waitpid(zygote_pid, &status, 0) < 0 && errno == EINTR) {}
  zygote_pid = -1;
}
