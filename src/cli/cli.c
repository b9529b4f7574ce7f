#include "cli/cli.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define CLI_HELP_HINT "Run \"sonde --help\" for usage."

static void cli_die_oom(void) {
  fputs("sonde: out of memory\n", stderr);
  abort();
}

/* For jansson constructors whose only failure is allocation; inputs are validated first. */
static json_t *cli_jcheck(json_t *v) {
  if (!v) cli_die_oom();
  return v;
}

typedef struct {
  cli_options_t *opts;
  sbuf_t *err;
  int argc;
  char **argv;
  int i;             /* index of the argument being parsed */
  bool flags_done;   /* after "--" */
  bool command_seen; /* the first positional (command word or config) was consumed */
  /* --spec/--exclude list that takes further plain arguments, as yargs' array options do:
   * an unquoted glob after --spec arrives shell-expanded as several arguments. */
  strvec_t *tail;
} cli_parser_t;

static int cli_fail(cli_parser_t *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int cli_fail(cli_parser_t *p, const char *fmt, ...) {
  if (p->err) {
    va_list ap;
    va_start(ap, fmt);
    sbuf_vprintf(p->err, fmt, ap);
    va_end(ap);
  }
  return -1;
}

/* The JSON number grammar, so that "-1" and "1.5e3" are numbers but "010", "1." and "0x1"
 * stay strings. */
static bool cli_is_number(const char *s) {
  const char *p = s;
  if (*p == '-') p++;
  if (*p == '0') {
    p++;
  } else if (*p >= '1' && *p <= '9') {
    while (*p >= '0' && *p <= '9') p++;
  } else {
    return false;
  }
  if (*p == '.') {
    p++;
    if (!(*p >= '0' && *p <= '9')) return false;
    while (*p >= '0' && *p <= '9') p++;
  }
  if (*p == 'e' || *p == 'E') {
    p++;
    if (*p == '+' || *p == '-') p++;
    if (!(*p >= '0' && *p <= '9')) return false;
    while (*p >= '0' && *p <= '9') p++;
  }
  return *p == '\0';
}

/* Whether an argument can be an option's value rather than the next flag. A lone "-" is a
 * value (conventionally stdin), and so is a negative number. */
static bool cli_is_value(const char *s) { return s[0] != '-' || s[1] == '\0' || cli_is_number(s); }

/* jansson rejects strings that are not UTF-8; checking first keeps that failure a usage
 * error with a clear message instead of a NULL from json_string. Same rules as jansson:
 * no overlong forms, no surrogates, nothing above U+10FFFF. */
static bool cli_utf8_valid(const char *s) {
  const unsigned char *u = (const unsigned char *)s;
  while (*u) {
    unsigned c = *u;
    size_t n;
    unsigned cp;
    if (c < 0x80) {
      u++;
      continue;
    } else if (c >= 0xC2 && c <= 0xDF) {
      n = 2;
      cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
      n = 3;
      cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      n = 4;
      cp = c & 0x07;
    } else {
      return false;
    }
    for (size_t k = 1; k < n; k++) {
      if ((u[k] & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (u[k] & 0x3F);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10FFFF ||
        (cp >= 0xD800 && cp <= 0xDFFF))
      return false;
    u += n;
  }
  return true;
}

/* "true"/"false" → booleans, JSON numbers → numbers, anything else → string. Returns NULL
 * (with the error written) for a value jansson cannot hold. */
static json_t *cli_coerce(cli_parser_t *p, const char *key, const char *value) {
  if (strcmp(value, "true") == 0) return cli_jcheck(json_true());
  if (strcmp(value, "false") == 0) return cli_jcheck(json_false());
  if (cli_is_number(value)) {
    if (!strpbrk(value, ".eE")) {
      errno = 0;
      long long n = strtoll(value, NULL, 10);
      if (errno == 0) return cli_jcheck(json_integer((json_int_t)n));
    }
    /* Beyond int64 or fractional: a double, as JavaScript would read it; a value too
     * large even for that ("1e999") is kept verbatim rather than turned into Infinity. */
    double d = strtod(value, NULL);
    if (isfinite(d)) return cli_jcheck(json_real(d));
  }
  if (!cli_utf8_valid(value)) {
    cli_fail(p, "The value of \"--%s\" is not valid UTF-8.", key);
    return NULL;
  }
  return cli_jcheck(json_string(value));
}

/* Sets overrides[a][b]... = v for the dotted `key`, taking ownership of v. A key given
 * twice collects its values in an array. */
static int cli_set_override(cli_parser_t *p, const char *key, json_t *v) {
  json_t *obj = p->opts->overrides;
  const char *part = key;
  for (;;) {
    const char *dot = strchr(part, '.');
    if (!dot) break;
    char *name = xstrndup(part, (size_t)(dot - part));
    json_t *child = json_object_get(obj, name);
    if (!child) {
      child = cli_jcheck(json_object());
      if (json_object_set_new(obj, name, child) != 0) cli_die_oom();
    } else if (!json_is_object(child)) {
      free(name);
      json_decref(v);
      return cli_fail(p, "Option \"--%s\" conflicts with an earlier value for \"%.*s\".", key,
                      (int)(dot - key), key);
    }
    free(name);
    obj = child;
    part = dot + 1;
  }

  json_t *old = json_object_get(obj, part);
  if (!old) {
    if (json_object_set_new(obj, part, v) != 0) cli_die_oom();
  } else if (json_is_object(old)) {
    json_decref(v);
    return cli_fail(p, "Option \"--%s\" conflicts with earlier \"--%s.*\" options.", key, key);
  } else if (json_is_array(old)) {
    if (json_array_append_new(old, v) != 0) cli_die_oom();
  } else {
    json_t *arr = cli_jcheck(json_array());
    if (json_array_append(arr, old) != 0 || json_array_append_new(arr, v) != 0) cli_die_oom();
    if (json_object_set_new(obj, part, arr) != 0) cli_die_oom();
  }
  return 0;
}

/* Splits "a.js,b.js" into the list, but not inside braces: "specs/{a,b}.js" is one glob. */
static size_t cli_push_list(strvec_t *list, const char *value) {
  size_t depth = 0, pushed = 0;
  const char *start = value;
  for (const char *s = value;; s++) {
    if (*s == '\\' && s[1]) {
      s++;
      continue;
    }
    if (*s == '{') depth++;
    else if (*s == '}' && depth > 0) depth--;
    else if ((*s == ',' && depth == 0) || *s == '\0') {
      if (s > start) {
        strvec_push_owned(list, xstrndup(start, (size_t)(s - start)));
        pushed++;
      }
      if (*s == '\0') break;
      start = s + 1;
    }
  }
  return pushed;
}

static bool cli_valid_key(const char *key) {
  if (key[0] == '\0' || key[0] == '.') return false;
  for (const char *s = key; *s; s++)
    if (*s == '.' && (s[1] == '.' || s[1] == '\0')) return false;
  return true;
}

/* Parses the flag at argv[p->i] (starting with "--"), consuming its value if it takes one. */
static int cli_flag(cli_parser_t *p) {
  const char *arg = p->argv[p->i];
  const char *name = arg + 2;
  const char *eq = strchr(name, '=');
  size_t nlen = eq ? (size_t)(eq - name) : strlen(name);
  const char *value = eq ? eq + 1 : NULL;
  bool negated = false;

  if (!eq && strncmp(name, "no-", 3) == 0) {
    negated = true;
    name += 3;
    nlen -= 3;
  }
  if (nlen == 0) return cli_fail(p, "Missing option name in \"%s\".", arg);

  char *key = xstrndup(name, nlen);
  int rc = 0;
  if (!cli_valid_key(key)) {
    rc = cli_fail(p, "Invalid option name \"%s\".", arg);
    goto done;
  }
  if (!cli_utf8_valid(key)) {
    rc = cli_fail(p, "Option name \"%s\" is not valid UTF-8.", arg);
    goto done;
  }

  bool is_spec = strcmp(key, "spec") == 0, is_exclude = strcmp(key, "exclude") == 0;
  if (!negated && (is_spec || is_exclude || strcmp(key, "suite") == 0)) {
    if (!value && p->i + 1 < p->argc && cli_is_value(p->argv[p->i + 1])) value = p->argv[++p->i];
    if (!value || !*value) {
      rc = cli_fail(p, "Option \"--%s\" needs a value.", key);
      goto done;
    }
    if (is_spec || is_exclude) {
      strvec_t *list = is_spec ? &p->opts->specs : &p->opts->excludes;
      if (cli_push_list(list, value) == 0) {
        rc = cli_fail(p, "Option \"--%s\" needs a value.", key);
        goto done;
      }
      /* Only once the config is known: before that a plain argument is the config. */
      if (p->opts->config_path) p->tail = list;
    } else {
      /* Several --suite run the union of their files, as in WebdriverIO. */
      strvec_push(&p->opts->suites, value);
    }
    goto done;
  }

  json_t *v;
  if (negated) {
    v = cli_jcheck(json_false());
  } else {
    if (!value && p->i + 1 < p->argc && cli_is_value(p->argv[p->i + 1])) value = p->argv[++p->i];
    v = value ? cli_coerce(p, key, value) : cli_jcheck(json_true());
    if (!v) {
      rc = -1;
      goto done;
    }
  }
  rc = cli_set_override(p, key, v);

done:
  free(key);
  return rc;
}

/* The config is the first plain argument that looks like a JS/TS module or names a file. */
static bool cli_looks_like_config(const char *arg) {
  static const char *const exts[] = {".js", ".cjs", ".mjs", ".ts"};
  size_t len = strlen(arg);
  for (size_t k = 0; k < sizeof(exts) / sizeof(exts[0]); k++) {
    size_t elen = strlen(exts[k]);
    if (len > elen && strcmp(arg + len - elen, exts[k]) == 0) return true;
  }
  struct stat st;
  return stat(arg, &st) == 0 && S_ISREG(st.st_mode);
}

/* The config `wdio` would run from the current folder: sonde's names first. */
static char *cli_default_config(void) {
  static const char *const names[] = {
      "sonde.conf.ts", "sonde.conf.mts", "sonde.conf.js", "sonde.conf.mjs", "sonde.conf.cjs",
      "wdio.conf.ts",  "wdio.conf.mts",  "wdio.conf.js",  "wdio.conf.mjs",  "wdio.conf.cjs"};
  for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
    struct stat st;
    if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) return xstrdup(names[i]);
  }
  return NULL;
}

/* Returns 1 when parsing is complete (help/version words), 0 to go on, -1 on error. */
static int cli_positional(cli_parser_t *p, const char *arg) {
  cli_options_t *o = p->opts;
  if (!p->command_seen) {
    p->command_seen = true;
    if (strcmp(arg, "run") == 0) {
      o->command = CLI_RUN;
    } else if (strcmp(arg, "worker") == 0) {
      o->command = CLI_WORKER;
    } else if (strcmp(arg, "help") == 0) {
      o->command = CLI_HELP;
      return 1;
    } else if (strcmp(arg, "version") == 0) {
      o->command = CLI_VERSION;
      return 1;
    } else if (strcmp(arg, "init") == 0) {
      o->command = CLI_INIT; /* its flags land in the overrides */
    } else if (strcmp(arg, "merge-reports") == 0) {
      o->command = CLI_MERGE_REPORTS;
    } else if (cli_looks_like_config(arg)) {
      o->command = CLI_RUN;
      o->config_path = xstrdup(arg);
    } else {
      return cli_fail(p, "Unknown command \"%s\". " CLI_HELP_HINT, arg);
    }
    return 0;
  }
  if (o->command == CLI_RUN && !o->config_path) {
    o->config_path = xstrdup(arg);
    return 0;
  }
  if (o->command == CLI_MERGE_REPORTS) {
    strvec_push(&o->inputs, arg);
    return 0;
  }
  if (p->tail) {
    cli_push_list(p->tail, arg);
    return 0;
  }
  return cli_fail(p, "Unexpected argument \"%s\". " CLI_HELP_HINT, arg);
}

int cli_parse(int argc, char **argv, cli_options_t *out, sbuf_t *err) {
  memset(out, 0, sizeof(*out));
  out->command = CLI_HELP;
  out->overrides = cli_jcheck(json_object());
  if (err) sbuf_reset(err);

  /* --help and --version win wherever they appear, even next to other mistakes, so that
   * asking for help always works. */
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--") == 0) break;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) return 0;
    if (strcmp(a, "--version") == 0 || strcmp(a, "-v") == 0) {
      out->command = CLI_VERSION;
      return 0;
    }
  }

  cli_parser_t p = {out, err, argc, argv, 1, false, false, NULL};
  int rc = 0;
  for (; p.i < argc && rc == 0; p.i++) {
    const char *a = argv[p.i];
    if (!p.flags_done && a[0] == '-' && !cli_is_value(a)) {
      p.tail = NULL;
      if (strcmp(a, "--") == 0) {
        p.flags_done = true;
      } else if (a[1] != '-') {
        rc = cli_fail(&p, "Unknown option \"%s\". " CLI_HELP_HINT, a);
      } else {
        rc = cli_flag(&p);
      }
      continue;
    }
    rc = cli_positional(&p, a);
  }
  if (rc > 0) return 0;

  if (rc == 0 && out->command == CLI_MERGE_REPORTS) {
    /* --config names the config whose reporters write the merged reports. */
    const json_t *config = json_object_get(out->overrides, "config");
    if (config && !json_is_string(config)) {
      rc = cli_fail(&p,
                    "--config needs a config file. Usage: sonde merge-reports [--config "
                    "<file>] <dir>...");
    } else if (config) {
      out->config_path = xstrdup(json_string_value(config));
      json_object_del(out->overrides, "config");
    } else if (!(out->config_path = cli_default_config())) {
      rc = cli_fail(&p,
                    "merge-reports needs the config whose reporters write the merged "
                    "reports: --config <file>, or sonde.conf.* / wdio.conf.* in this folder");
    }
  }
  if (rc == 0 && out->command != CLI_INIT && out->command != CLI_MERGE_REPORTS &&
      (!p.command_seen || (out->command == CLI_RUN && !out->config_path))) {
    out->config_path = cli_default_config();
    if (out->config_path) out->command = CLI_RUN;
    else if (argc <= 1) out->no_config = true; /* plain `sonde`: the usage, exit 2 */
    else
      rc = cli_fail(&p,
                    "No config file given, and no sonde.conf.{ts,mts,js,mjs,cjs} or "
                    "wdio.conf.{ts,mts,js,mjs,cjs} in this folder. Usage: sonde run <config> "
                    "[options]");
  }
  if (rc < 0) {
    cli_options_free(out);
    return -1;
  }
  return 0;
}

void cli_options_free(cli_options_t *opts) {
  if (!opts) return;
  free(opts->config_path);
  strvec_free(&opts->specs);
  strvec_free(&opts->excludes);
  strvec_free(&opts->suites);
  strvec_free(&opts->inputs);
  json_decref(opts->overrides);
  memset(opts, 0, sizeof(*opts));
}

const char *cli_usage(void) {
  return "Usage:\n"
         "  sonde run <config> [options]   Run the spec files of a WebdriverIO-style config\n"
         "  sonde <config> [options]       Same as \"sonde run <config>\"\n"
         "  sonde                          Runs sonde.conf.* or wdio.conf.* of this folder\n"
         "  sonde init [--framework mocha|jasmine|cucumber] [--typescript] [--baseUrl <url>]\n"
         "             [--reporters spec,junit] [--yes]\n"
         "                                 Writes a sonde.conf and an example spec here\n"
         "  sonde merge-reports <dir>...   Joins --shard runs' json reports into one run\n"
         "\n"
         "Options:\n"
         "  --spec <file|glob>        Run only these spec files (repeatable, comma separated)\n"
         "  --exclude <file|glob>     Skip these spec files (repeatable, comma separated)\n"
         "  --suite <name>            Run the spec files of a suite from the config\n"
         "  --mochaOpts.grep <text>   Run only the tests whose title matches <text>\n"
         "  --mochaOpts.invert        Run the tests that do not match --mochaOpts.grep\n"
         "  --maxInstances <n>        Spec files run in parallel\n"
         "  --shard <i>/<n>           Run part i of n of the spec files (see sonde(1))\n"
         "  --watch                   Re-run the spec files a saved file touches\n"
         "  --baseUrl <url>           Base URL for relative request paths\n"
         "  --logLevel <level>        trace, debug, info, warn, error or silent\n"
         "  -h, --help                Show this help\n"
         "  -v, --version             Show the version\n"
         "\n"
         "Any other --key value (or --a.b value) overrides the config.\n";
}

void cli_json_deep_merge(json_t *dst, json_t *src) {
  if (!json_is_object(dst) || !json_is_object(src)) return;
  const char *key;
  json_t *val;
  json_object_foreach(src, key, val) {
    json_t *cur = json_object_get(dst, key);
    if (json_is_object(cur) && json_is_object(val)) {
      cli_json_deep_merge(cur, val);
      continue;
    }
    /* A copy, so that merging more into dst later can never reach back into src. */
    if (json_object_set_new(dst, key, cli_jcheck(json_deep_copy(val))) != 0) cli_die_oom();
  }
}
