/* psssum: runs a command and samples the memory of its whole process tree as the sum of the
 * processes' PSS (proportional set size: a page shared by k processes counts 1/k in each,
 * so shared libraries, the zygote's pages and the engine are counted once in all), which
 * is what the tree costs the machine; RSS summed over forked workers counts the shared
 * pages once per process.
 *
 *   psssum [-o FILE] [-i MS] COMMAND [ARG]...
 *
 * Every MS milliseconds (default 25) it finds the command's descendants in /proc and adds
 * their Pss from /proc/PID/smaps_rollup. Output (to FILE or stderr):
 *
 *   peak_pss_kb <largest sum seen>
 *   peak_procs <processes in the tree at that moment>
 *   samples <number of samples taken>
 *
 * Sampling misses peaks shorter than MS; the sampler's own cost grows with the number of
 * processes (a few tens of microseconds each per sample). The exit status is the
 * command's. Built by bench/run.sh with cc. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_PROCS 65536

static pid_t parent_of(pid_t pid) {
  char path[64], buf[512];
  snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
  FILE *f = fopen(path, "r");
  if (!f) return -1;
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = 0;
  /* "pid (comm) state ppid ...": comm may hold spaces and parentheses, so from the last ')' */
  char *close = strrchr(buf, ')');
  int ppid = -1;
  if (!close || sscanf(close + 1, " %*c %d", &ppid) != 1) return -1;
  return (pid_t)ppid;
}

static long pss_kb(pid_t pid) {
  char path[64], line[256];
  snprintf(path, sizeof path, "/proc/%d/smaps_rollup", (int)pid);
  FILE *f = fopen(path, "r");
  if (!f) return 0; /* gone since the scan, or a kernel thread */
  long kb = 0;
  while (fgets(line, sizeof line, f))
    if (sscanf(line, "Pss: %ld kB", &kb) == 1) break;
  fclose(f);
  return kb;
}

/* The PSS sum of root and its descendants; *procs their number. */
static long tree_pss(pid_t root, int *procs) {
  static pid_t pids[MAX_PROCS], parents[MAX_PROCS];
  static char in_tree[MAX_PROCS];
  size_t n = 0;
  DIR *d = opendir("/proc");
  if (!d) return 0;
  for (struct dirent *e; (e = readdir(d)) && n < MAX_PROCS;) {
    char *end;
    long pid = strtol(e->d_name, &end, 10);
    if (*end || pid <= 0) continue;
    pids[n] = (pid_t)pid;
    parents[n++] = parent_of((pid_t)pid);
  }
  closedir(d);
  /* Mark the tree: repeat until no process joins (parents may be listed after children). */
  memset(in_tree, 0, n);
  for (size_t i = 0; i < n; i++) in_tree[i] = pids[i] == root;
  for (int changed = 1; changed;) {
    changed = 0;
    for (size_t i = 0; i < n; i++) {
      if (in_tree[i]) continue;
      for (size_t j = 0; j < n; j++)
        if (in_tree[j] && pids[j] == parents[i]) {
          in_tree[i] = changed = 1;
          break;
        }
    }
  }
  long sum = 0;
  *procs = 0;
  for (size_t i = 0; i < n; i++)
    if (in_tree[i]) {
      sum += pss_kb(pids[i]);
      ++*procs;
    }
  return sum;
}

int main(int argc, char **argv) {
  const char *out_path = NULL;
  long interval_ms = 25;
  int a = 1;
  for (; a < argc && argv[a][0] == '-'; a++) {
    if (strcmp(argv[a], "-o") == 0 && a + 1 < argc) out_path = argv[++a];
    else if (strcmp(argv[a], "-i") == 0 && a + 1 < argc) interval_ms = atol(argv[++a]);
    else break;
  }
  if (a >= argc || interval_ms <= 0) {
    fprintf(stderr, "usage: psssum [-o FILE] [-i MS] COMMAND [ARG]...\n");
    return 2;
  }
  pid_t child = fork();
  if (child < 0) {
    perror("psssum: fork");
    return 2;
  }
  if (child == 0) {
    execvp(argv[a], argv + a);
    perror("psssum: exec");
    _exit(127);
  }
  long peak = 0, samples = 0;
  int peak_procs = 0, status = 0;
  struct timespec pause = {interval_ms / 1000, (interval_ms % 1000) * 1000000L};
  for (;;) {
    pid_t w = waitpid(child, &status, WNOHANG);
    if (w == child) break;
    if (w < 0 && errno != EINTR) {
      perror("psssum: waitpid");
      return 2;
    }
    int procs = 0;
    long kb = tree_pss(child, &procs);
    samples++;
    if (kb > peak) peak = kb, peak_procs = procs;
    nanosleep(&pause, NULL);
  }
  FILE *out = out_path ? fopen(out_path, "w") : stderr;
  if (!out) {
    perror("psssum: output");
    out = stderr;
  }
  fprintf(out, "peak_pss_kb %ld\npeak_procs %d\nsamples %ld\n", peak, peak_procs, samples);
  if (out != stderr) fclose(out);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}
