/* sonde-ts-erase: the TypeScript eraser (js/ts_erase) on files, for tests that compare its
 * output with TypeScript's own (e2e typescript-differential). Not installed.
 *
 *   sonde-ts-erase LIST
 *
 * LIST holds one pair a line, "INPUT<TAB>OUTPUT": each INPUT is erased as its extension
 * says (.d.ts files with TS_FLAG_DECLARATIONS, .tsx with TS_FLAG_JSX) and the JavaScript
 * written to OUTPUT; an input the eraser refuses gets its error on stderr, as
 * "INPUT:LINE:COLUMN: MESSAGE", and no OUTPUT. Exits 0 when every input erased, 1 when
 * one was refused, 2 on an I/O error. One process for the whole corpus keeps it fast. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/fsutil.h"
#include "common/sbuf.h"
#include "js/ts_erase.h"

static int ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* 0 erased, 1 refused, 2 I/O error. */
static int erase_one(const char *in, const char *out_path) {
  size_t len = 0;
  char *src = fs_read_file(in, &len);
  if (!src) {
    fprintf(stderr, "%s: cannot read\n", in);
    return 2;
  }
  unsigned flags = ts_is_declaration_path(in) ? TS_FLAG_DECLARATIONS : 0;
  if (ends_with(in, ".tsx")) flags |= TS_FLAG_JSX;
  sbuf_t js = SBUF_INIT;
  ts_error_t err;
  int rc = 0;
  if (ts_erase(src, len, flags, &js, &err) != 0) {
    fprintf(stderr, "%s:%u:%u: %s\n", in, err.line, err.column, err.message);
    rc = 1;
  } else {
    FILE *f = fopen(out_path, "wb");
    if (!f || (js.len && fwrite(js.data, 1, js.len, f) != js.len) || fclose(f) != 0) {
      fprintf(stderr, "%s: cannot write\n", out_path);
      rc = 2;
    }
  }
  sbuf_free(&js);
  free(src);
  return rc;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: sonde-ts-erase LIST (lines of INPUT<TAB>OUTPUT)\n");
    return 2;
  }
  FILE *list = fopen(argv[1], "r");
  if (!list) {
    fprintf(stderr, "%s: cannot read\n", argv[1]);
    return 2;
  }
  char line[8192];
  int worst = 0;
  while (fgets(line, sizeof(line), list)) {
    line[strcspn(line, "\r\n")] = '\0';
    char *tab = strchr(line, '\t');
    if (!tab) continue;
    *tab = '\0';
    int rc = erase_one(line, tab + 1);
    if (rc > worst) worst = rc;
  }
  fclose(list);
  return worst;
}
