/* watch_graph: a reporter that watch mode (launcher/watch.c) adds to the runs it starts,
 * never configured by users. It records, for every job, its spec file, whether it passed
 * and the files its realm loaded (runner:end "modules"), and writes them at run end to
 * `path` as {"jobs":[{"spec":abs,"passed":bool,"modules":[abs...]}]} (through a temporary
 * file and a rename). Ownership: the reporter copies `path`. */
#ifndef SONDE_REPORT_WATCH_GRAPH_H
#define SONDE_REPORT_WATCH_GRAPH_H

#include "report/events.h"

reporter_t *watch_graph_reporter_new(const char *path);

#endif
