/* rsswrap: runs a command and reports its wall time and the peak RSS of every process it
 * starts (children, grandchildren, ...), measured exactly, not sampled.
 *
 *   rsswrap [-o FILE] COMMAND [ARG]...
 *
 * The command runs under ptrace with fork/vfork/clone/exec/exit events only (no syscall
 * stops), so the overhead is a few microseconds per process or thread start and exit. At
 * each PTRACE_EVENT_EXIT stop the exiting task's address space still exists, so VmHWM in
 * /proc/PID/status is its final peak RSS. Output (to FILE or stderr), one line each:
 *
 *   wall_ms <milliseconds from exec to the first process's exit>
 *   status <exit code of the first process, or 128+signal>
 *   root <pid of the first process>
 *   proc <tgid> <peak RSS in KiB> <CPU ms> <argv[0] basename> <argv[1]> <argv[2]>
 *
 * CPU ms is the time the process's threads spent on a CPU (user and system), summed from
 * /proc/TID/schedstat as each thread exits.
 *
 * Where ptrace is not allowed, the command runs untraced and only its first process is
 * reported, from wait4's rusage (its children are then not seen). The exit status of
 * rsswrap is the command's. Built by bench/run.sh with cc. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct {
  pid_t tgid;
  long hwm_kb;
  unsigned long long cpu_ns;
  char label[256];
} proc_t;

static proc_t *procs;
static size_t n_procs, cap_procs;

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The first three argv entries, paths (without spaces) shortened to their basenames; or,
 * for a process forked without exec that named itself "sonde <role>" (sonde's zygote and
 * its workers, whose argv is the launcher's), that name. */
static void read_label(pid_t pid, char *out, size_t cap) {
  char path[64], buf[4096];
  out[0] = '\0';
  snprintf(path, sizeof path, "/proc/%d/comm", (int)pid);
  FILE *f = fopen(path, "r");
  if (f) {
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    buf[strcspn(buf, "\n")] = '\0';
    if (strncmp(buf, "sonde ", 6) == 0) {
      snprintf(out, cap, "%s", buf);
      return;
    }
  }
  snprintf(path, sizeof path, "/proc/%d/cmdline", (int)pid);
  f = fopen(path, "r");
  if (!f) return;
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = '\0';
  size_t used = 0;
  int args = 0;
  for (size_t i = 0; i < n && args < 3; args++) {
    char *arg = buf + i;
    i += strlen(arg) + 1;
    char *slash = strchr(arg, ' ') ? NULL : strrchr(arg, '/');
    const char *shown = slash && slash[1] ? slash + 1 : arg;
    int w = snprintf(out + used, cap - used, "%s%s", args ? " " : "", shown);
    if (w < 0 || (size_t)w >= cap - used) break;
    used += (size_t)w;
  }
}

/* Nanoseconds thread `tid` has run on a CPU. */
static unsigned long long thread_cpu_ns(pid_t tid) {
  char path[64];
  unsigned long long ns = 0;
  snprintf(path, sizeof path, "/proc/%d/schedstat", (int)tid);
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  if (fscanf(f, "%llu", &ns) != 1) ns = 0;
  fclose(f);
  return ns;
}

static void record_exit(pid_t pid) {
  char path[64], line[256];
  unsigned long long cpu = thread_cpu_ns(pid);
  snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
  FILE *f = fopen(path, "r");
  if (!f) return;
  pid_t tgid = pid;
  long hwm = -1;
  while (fgets(line, sizeof line, f)) {
    if (strncmp(line, "Tgid:", 5) == 0) tgid = (pid_t)atol(line + 5);
    else if (strncmp(line, "VmHWM:", 6) == 0) hwm = atol(line + 6);
  }
  fclose(f);
  if (hwm < 0) return;
  for (size_t i = 0; i < n_procs; i++) {
    if (procs[i].tgid == tgid) {
      if (hwm > procs[i].hwm_kb) procs[i].hwm_kb = hwm;
      procs[i].cpu_ns += cpu;
      return;
    }
  }
  if (n_procs == cap_procs) {
    cap_procs = cap_procs ? cap_procs * 2 : 16;
    procs = realloc(procs, cap_procs * sizeof *procs);
    if (!procs) abort();
  }
  proc_t *p = &procs[n_procs++];
  p->tgid = tgid;
  p->hwm_kb = hwm;
  p->cpu_ns = cpu;
  read_label(tgid, p->label, sizeof p->label);
  if (!p->label[0]) snprintf(p->label, sizeof p->label, "?");
}

int main(int argc, char **argv) {
  const char *out_path = NULL;
  int first = 1;
  if (argc > 2 && strcmp(argv[1], "-o") == 0) {
    out_path = argv[2];
    first = 3;
  }
  if (first >= argc) {
    fprintf(stderr, "usage: rsswrap [-o FILE] COMMAND [ARG]...\n");
    return 2;
  }
  double t_fork = now_ms();
  pid_t child = fork();
  if (child < 0) {
    perror("rsswrap: fork");
    return 2;
  }
  if (child == 0) {
    /* Untraced when ptrace is refused: the parent then sees an exit, not a stop. */
    if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) == 0) raise(SIGSTOP);
    execvp(argv[first], argv + first);
    fprintf(stderr, "rsswrap: cannot run %s: %s\n", argv[first], strerror(errno));
    _exit(127);
  }
  int st;
  struct rusage ru;
  if (wait4(child, &st, 0, &ru) != child) {
    perror("rsswrap: wait4");
    return 2;
  }
  if (!WIFSTOPPED(st)) {
    double wall = now_ms() - t_fork;
    int code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    FILE *out = out_path ? fopen(out_path, "w") : stderr;
    if (!out) {
      perror(out_path);
      return 2;
    }
    double cpu = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
                 (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
    fprintf(out, "wall_ms %.3f\nstatus %d\nroot %d\nuntraced 1\nproc %d %ld %.3f %s\n", wall, code,
            (int)child, (int)child, ru.ru_maxrss, cpu, argv[first]);
    if (out != stderr) fclose(out);
    return code;
  }
  ptrace(PTRACE_SETOPTIONS, child, NULL,
         (void *)(long)(PTRACE_O_TRACEFORK | PTRACE_O_TRACEVFORK | PTRACE_O_TRACECLONE |
                        PTRACE_O_TRACEEXEC | PTRACE_O_TRACEEXIT | PTRACE_O_EXITKILL));
  double t0 = now_ms(), t_end = -1;
  int status = -1;
  ptrace(PTRACE_CONT, child, NULL, NULL);

  for (;;) {
    pid_t pid = waitpid(-1, &st, __WALL);
    if (pid < 0) {
      if (errno == EINTR) continue;
      break; /* ECHILD: every traced task is gone */
    }
    if (WIFEXITED(st) || WIFSIGNALED(st)) {
      if (pid == child) {
        t_end = now_ms();
        status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
      }
      continue;
    }
    if (!WIFSTOPPED(st)) continue;
    int sig = WSTOPSIG(st), event = st >> 16;
    if (event == PTRACE_EVENT_EXIT) {
      record_exit(pid);
      sig = 0;
    } else if (event != 0 || sig == SIGTRAP) {
      sig = 0; /* fork/clone/exec event stops */
    } else if (sig == SIGSTOP) {
      sig = 0; /* a new tracee's initial stop */
    }
    ptrace(PTRACE_CONT, pid, NULL, (void *)(long)sig);
  }
  if (t_end < 0) t_end = now_ms();

  FILE *out = stderr;
  if (out_path && !(out = fopen(out_path, "w"))) {
    perror(out_path);
    return 2;
  }
  fprintf(out, "wall_ms %.3f\nstatus %d\nroot %d\n", t_end - t0, status, (int)child);
  for (size_t i = 0; i < n_procs; i++)
    fprintf(out, "proc %d %ld %.3f %s\n", (int)procs[i].tgid, procs[i].hwm_kb,
            (double)procs[i].cpu_ns / 1e6, procs[i].label);
  if (out != stderr) fclose(out);
  return status < 0 ? 2 : status;
}
