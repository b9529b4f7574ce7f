/* inspect_errors: errors (name, message, stack, cause, own properties) and dates, for
 * util.inspect (see inspect.c). */
#include "js/inspect_internal.h"

/* ---- errors and stacks ----------------------------------------------------------------- */

/* Error.prototype.toString on the given pieces. */
static char *error_header(const char *name, const char *message) {
  if (!name) name = "Error";
  if (!message) message = "";
  if (!*name) return xstrdup(message);
  if (!*message) return xstrdup(name);
  return xasprintf("%s: %s", name, message);
}

bool insp_all_digits(const char *s, size_t n) {
  if (!n) return false;
  for (size_t i = 0; i < n; i++)
    if (s[i] < '0' || s[i] > '9') return false;
  return true;
}

/* "file:line:col", the position JavaScriptCore appends to a frame's URL. */
static bool is_location(const char *s, size_t n) {
  size_t i = n, digits = 0;
  for (int part = 0; part < 2; part++) {
    digits = 0;
    while (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9') {
      i--;
      digits++;
    }
    if (!digits || i == 0 || s[i - 1] != ':') return false;
    i--;
  }
  return i > 0;
}

/* One JavaScriptCore frame line ("fn@file:line:col", "@file:...", "fn@[native code]",
 * "global code@file:...") appended in V8's shape. False when the line is not a frame:
 * JavaScriptCore writes the '@' even for anonymous code, so a line without one is not its.
 * The first '@' splits, as URLs may contain one and function names do not. */
static bool convert_frame(sbuf_t *out, const char *line, size_t n, bool internal) {
  const char *atp = memchr(line, '@', n);
  if (!atp) return false;
  const char *fn = line, *loc = atp + 1;
  size_t fn_len = (size_t)(atp - line), loc_len = n - fn_len - 1;
  if (loc_len == 13 && memcmp(loc, "[native code]", 13) == 0) return true;
  if (loc_len == 0) return true; /* code without a URL (new Function, eval) */
  /* The runtime's own JavaScript (src/jslib, evaluated as "sonde:<name>") is not the
   * user's: Node hides its internals the same way in most traces. */
  if (!internal && loc_len > 6 && memcmp(loc, "sonde:", 6) == 0) return true;
  if (!is_location(loc, loc_len)) return false;
  /* Line 1 of a module also holds the loader's wrapper: shift its columns back so they are
   * the user's, and drop frames that point into the wrapper itself. */
  char *fixed = NULL;
  const char *c2 = loc + loc_len;
  while (c2 > loc && c2[-1] != ':') c2--;
  const char *c1 = c2 - 1;
  while (c1 > loc && c1[-1] != ':') c1--;
  if (c1 > loc && (size_t)(c2 - 1 - c1) == 1 && *c1 == '1') {
    char *file = xstrndup(loc, (size_t)(c1 - 1 - loc));
    long offset = js_module_line1_offset(file);
    long col = strtol(c2, NULL, 10);
    if (offset > 0) {
      if (col <= offset) {
        free(file);
        return true;
      }
      fixed = xasprintf("%s:1:%ld", file, col - offset);
      loc = fixed;
      loc_len = strlen(fixed);
    }
    free(file);
  }
  static const char *const anonymous[] = {"global code", "module code", "eval code"};
  for (size_t i = 0; i < sizeof(anonymous) / sizeof(*anonymous); i++)
    if (fn_len == strlen(anonymous[i]) && memcmp(fn, anonymous[i], fn_len) == 0) fn_len = 0;
  if (fn_len) sbuf_printf(out, "\n    at %.*s (%.*s)", (int)fn_len, fn, (int)loc_len, loc);
  else sbuf_printf(out, "\n    at %.*s", (int)loc_len, loc);
  free(fixed);
  return true;
}

/* `internal`: sonde's own frames (sonde:<lib>) are kept. */
static char *format_stack(const char *name, const char *message, const char *jsc_stack,
                          bool internal) {
  char *header = error_header(name, message);
  if (!jsc_stack || !*jsc_stack) return header;
  sbuf_t b = SBUF_INIT;
  sbuf_puts(&b, header);
  free(header);
  for (const char *p = jsc_stack; *p;) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    if (n && (insp_starts_with(p, "    at ") || !convert_frame(&b, p, n, internal))) {
      sbuf_free(&b);
      return xstrdup(jsc_stack);
    }
    p += n + (nl ? 1 : 0);
  }
  return sbuf_take(&b);
}

/* The name part of an error's first line: "TypeError [ERR_X]" for Node-style errors made
 * by sonde (see js_make_node_error), else err.name. */
static char *header_name(JSContextRef ctx, JSValueRef err, char *name) {
  char *h = js_get_string(ctx, err, "__sonde_header");
  if (!h) return name;
  free(name);
  return h;
}

char *js_format_stack(const char *name, const char *message, const char *jsc_stack) {
  return format_stack(name, message, jsc_stack, false);
}

static char *error_stack(JSContextRef ctx, JSValueRef err, bool internal) {
  js_error_info_t info;
  js_error_info(ctx, err, &info);
  if (JSValueIsObject(ctx, err)) info.name = header_name(ctx, err, info.name);
  char *stack = format_stack(info.name, info.message, info.stack, internal);
  /* A parser error's frames are those of whoever loaded the file (require, the loader);
   * the position of the error itself is in line/sourceURL. Put it first, as Node does. */
  if (info.name && strcmp(info.name, "SyntaxError") == 0 && info.source_url && info.line) {
    long col = info.column;
    if (info.line == 1 && col > 0) col -= js_module_line1_offset(info.source_url);
    char *where = col > 0 ? xasprintf("%s:%d:%ld", info.source_url, info.line, col)
                          : xasprintf("%s:%d", info.source_url, info.line);
    if (!strstr(stack, where)) {
      char *nl = strchr(stack, '\n');
      size_t head = nl ? (size_t)(nl - stack) : strlen(stack);
      char *with = xasprintf("%.*s\n    at %s%s", (int)head, stack, where, nl ? nl : "");
      free(stack);
      stack = with;
    }
    free(where);
  }
  js_error_info_free(&info);
  return stack;
}

char *js_error_stack(JSContextRef ctx, JSValueRef err) { return error_stack(ctx, err, false); }

char *js_error_stack_all(JSContextRef ctx, JSValueRef err) { return error_stack(ctx, err, true); }

/* getStackString: err.stack (in V8's shape) when truthy, else Error.prototype.toString. */
static char *stack_string(ictx_t *c, JSObjectRef err) {
  JSContextRef ctx = c->ctx;
  char *name = header_name(ctx, err, js_get_string(ctx, err, "name"));
  char *message = js_get_string(ctx, err, "message");
  JSValueRef st = js_get(ctx, err, "stack");
  char *r;
  if (JSValueToBoolean(ctx, st)) {
    char *raw = js_value_to_utf8(ctx, st);
    r = js_format_stack(name, message, raw);
    free(raw);
  } else {
    r = error_header(name, message);
  }
  free(name);
  free(message);
  return r;
}

/* Node's improveStack: make the first line name the actual class ("MyError: ..."). */
static char *improve_stack(char *stack, const char *ctor, const char *name, const char *tag) {
  size_t len = strlen(name);
  if (ctor && !(insp_ends_with(name, "Error") && insp_starts_with(stack, name) &&
                (stack[len] == '\0' || stack[len] == ':' || stack[len] == '\n')))
    return stack;
  char *fallback = xstrdup("Error");
  if (!ctor) {
    /* /^([A-Z][a-z_ A-Z0-9[\]()-]+)(?::|\n {4}at)/ || /^([a-z_A-Z0-9-]*Error)$/ */
    static const char cls1[] =
        "abcdefghijklmnopqrstuvwxyz_ ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789[]()-";
    static const char cls2[] = "abcdefghijklmnopqrstuvwxyz_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-";
    size_t m = 0;
    if (stack[0] >= 'A' && stack[0] <= 'Z') {
      size_t run = 1 + strspn(stack + 1, cls1);
      if (run >= 2 && (stack[run] == ':' || insp_starts_with(stack + run, "\n    at"))) m = run;
    }
    if (!m) {
      size_t run = strspn(stack, cls2);
      if (stack[run] == '\0' && insp_ends_with(stack, "Error")) m = run;
    }
    free(fallback);
    fallback = xstrndup(stack, m);
    len = m;
    if (!m) {
      free(fallback);
      fallback = xstrdup("Error");
    }
  }
  char *prefix = insp_get_prefix(ctor, tag, fallback, "");
  free(fallback);
  insp_chop_space(prefix);
  char *r = stack;
  if (strcmp(name, prefix) != 0) {
    if (strstr(prefix, name)) {
      r = len == 0 ? xasprintf("%s: %s", prefix, stack) : xasprintf("%s%s", prefix, stack + len);
    } else {
      r = xasprintf("%s [%s]%s", prefix, name, stack + len);
    }
    free(stack);
  }
  free(prefix);
  return r;
}

static void split_lines(const char *s, strvec_t *out) {
  for (;;) {
    const char *nl = strchr(s, '\n');
    if (!nl) {
      strvec_push(out, s);
      return;
    }
    strvec_push_owned(out, xstrndup(s, (size_t)(nl - s)));
    s = nl + 1;
  }
}

static long vec_index(const strvec_t *v, const char *s) {
  for (size_t i = 0; i < v->len; i++)
    if (strcmp(v->items[i], s) == 0) return (long)i;
  return -1;
}

/* identicalSequenceRange: the longest run (> 3) of frames shared with the cause. */
static size_t identical_range(const strvec_t *a, const strvec_t *b, size_t *offset) {
  for (size_t i = 0; i + 3 < a->len; i++) {
    long pos = vec_index(b, a->items[i]);
    if (pos < 0) continue;
    size_t rest = b->len - (size_t)pos;
    if (rest > 3) {
      size_t len = 1, max = a->len - i < rest ? a->len - i : rest;
      while (max > len && strcmp(a->items[i + len], b->items[(size_t)pos + len]) == 0) len++;
      if (len > 3) {
        *offset = i;
        return len;
      }
    }
  }
  return 0;
}

/* getStackFrames: frames, with those repeated from err.cause's stack folded. */
static void stack_frames(ictx_t *c, JSObjectRef err, const char *frames_part, strvec_t *out) {
  split_lines(frames_part, out);
  JSValueRef cause = js_get(c->ctx, err, "cause");
  if (!JSValueIsObject(c->ctx, cause)) return;
  idesc_t d;
  insp_describe(c, (JSObjectRef)cause, &d);
  bool is_err = insp_is_kind(&d, "Error");
  insp_describe_free(&d);
  if (!is_err) return;
  char *cs = stack_string(c, (JSObjectRef)cause);
  const char *start = strstr(cs, "\n    at");
  if (start) {
    strvec_t cf = STRVEC_INIT;
    split_lines(start + 1, &cf);
    size_t offset = 0, len = identical_range(out, &cf, &offset);
    if (len > 0) {
      size_t skipped = len - 2;
      char *msg =
          insp_styled(c->colors, ST_UNDEFINED,
                      xasprintf("    ... %zu lines matching cause stack trace ...", skipped));
      for (size_t i = 0; i < skipped; i++) free(out->items[offset + 1 + i]);
      out->items[offset + 1] = msg;
      memmove(out->items + offset + 2, out->items + offset + 1 + skipped,
              (out->len - offset - 1 - skipped) * sizeof(char *));
      out->len -= skipped - 1;
    }
    strvec_free(&cf);
  }
  free(cs);
}

/* markNodeModules: underline the package name after each node_modules/ segment. */
static char *mark_node_modules(bool colors, char *line) {
  sbuf_t b = SBUF_INIT;
  const char *last = line, *from = line;
  bool any = false;
  for (;;) {
    const char *p = strstr(from, "node_modules");
    if (!p) break;
    char before = p > line ? p[-1] : '\0', after = p[12];
    if ((after != '/' && after != '\\') || (before != '/' && before != '\\')) {
      from = p + 1;
      continue;
    }
    const char *mstart = p + 13, *mend = strchr(mstart, before);
    if (mend && *mstart == '@') mend = strchr(mend + 1, before);
    if (!mend) mend = mstart + strlen(mstart);
    sbuf_append(&b, last, (size_t)(mstart - last));
    char *mod = xstrndup(mstart, (size_t)(mend - mstart));
    insp_put_styled(colors, &b, ST_MODULE, mod);
    free(mod);
    last = from = mend;
    any = true;
  }
  if (!any) {
    sbuf_free(&b);
    return line;
  }
  sbuf_puts(&b, last);
  free(line);
  return sbuf_take(&b);
}

/* markCwd: grey out the working directory part of a frame's path. */
static char *mark_cwd(bool colors, char *line, const char *cwd) {
  const char *p = strstr(line, cwd);
  if (!p) return line;
  size_t pos = (size_t)(p - line), cwd_len = strlen(cwd);
  if (pos >= 7 && memcmp(line + pos - 7, "file://", 7) == 0) {
    cwd_len += 7;
    pos -= 7;
  }
  size_t start = pos > 0 && line[pos - 1] == '(' ? pos - 1 : pos;
  size_t total = strlen(line);
  bool paren = start != pos && insp_ends_with(line, ")");
  size_t end = paren ? total - 1 : total;
  size_t wd_end = pos + cwd_len + 1;
  if (wd_end > total) wd_end = total;
  sbuf_t b = SBUF_INIT;
  sbuf_append(&b, line, start);
  char *slice = xstrndup(line + start, wd_end - start);
  insp_put_styled(colors, &b, ST_UNDEFINED, slice);
  free(slice);
  if (end > wd_end) sbuf_append(&b, line + wd_end, end - wd_end);
  if (paren) insp_put_styled(colors, &b, ST_UNDEFINED, ")");
  free(line);
  return sbuf_take(&b);
}

/* Node's formatError: the stack (or "[Name: message]" when it has no frames), with the
 * keys that merely repeat it removed and cause/errors added. */
char *insp_fmt_error(ictx_t *c, JSObjectRef err, const char *ctor, const char *tag, keys_t *keys) {
  JSContextRef ctx = c->ctx;
  JSValueRef namev = js_get(ctx, err, "name");
  char *name = JSValueIsUndefined(ctx, namev) || JSValueIsNull(ctx, namev)
                   ? xstrdup("Error")
                   : js_value_to_utf8(ctx, namev);
  char *stack = stack_string(c, err);

  static const char *const dup_keys[] = {"name", "message", "stack"};
  for (size_t i = 0; i < 3; i++) {
    long idx = insp_keys_find(c, keys, dup_keys[i]);
    if (idx < 0) continue;
    char *v = js_value_to_utf8(ctx, js_get(ctx, err, dup_keys[i]));
    if (strstr(stack, v)) insp_keys_remove(c, keys, (size_t)idx);
    free(v);
  }
  JSStringRef cause = JSStringCreateWithUTF8CString("cause");
  if (JSObjectHasProperty(ctx, err, cause) && insp_keys_find(c, keys, "cause") < 0)
    insp_keys_push(c, keys, NULL, "cause", false);
  JSStringRelease(cause);
  if (JSValueIsArray(ctx, js_get(ctx, err, "errors")) && insp_keys_find(c, keys, "errors") < 0)
    insp_keys_push(c, keys, NULL, "errors", false);

  stack = improve_stack(stack, ctor, name, tag);
  free(name);

  /* Skip the message when looking for the frames: it may contain "\n    at" itself. */
  const char *from = stack;
  JSValueRef msgv = js_get(ctx, err, "message");
  if (JSValueToBoolean(ctx, msgv)) {
    char *msg = js_value_to_utf8(ctx, msgv);
    const char *p = strstr(stack, msg);
    if (p && p != stack) from = p + strlen(msg);
    free(msg);
  }
  const char *frames = strstr(from, "\n    at");
  sbuf_t b = SBUF_INIT;
  if (!frames) {
    sbuf_printf(&b, "[%s]", stack);
  } else {
    sbuf_append(&b, stack, (size_t)(frames - stack));
    strvec_t lines = STRVEC_INIT;
    stack_frames(c, err, frames + 1, &lines);
    char cwd[4096];
    bool have_cwd = c->colors && getcwd(cwd, sizeof(cwd)) != NULL;
    for (size_t i = 0; i < lines.len; i++) {
      sbuf_putc(&b, '\n');
      if (c->colors) {
        lines.items[i] = mark_node_modules(true, lines.items[i]);
        if (have_cwd) lines.items[i] = mark_cwd(true, lines.items[i], cwd);
      }
      sbuf_puts(&b, lines.items[i]);
    }
    strvec_free(&lines);
  }
  free(stack);
  if (c->indent == 0) return sbuf_take(&b);
  sbuf_t ind = SBUF_INIT;
  for (const char *p = sbuf_cstr(&b); *p; p++) {
    sbuf_putc(&ind, *p);
    if (*p == '\n') insp_put_spaces(&ind, c->indent);
  }
  sbuf_free(&b);
  return sbuf_take(&ind);
}

/* ---- dates ----------------------------------------------------------------------------- */

/* Date.prototype.toISOString from the time value (days-from-civil inverted). */
char *insp_iso_date(double t) {
  double days = floor(t / 86400000.0);
  int64_t ms = (int64_t)(t - days * 86400000.0);
  int64_t z = (int64_t)days + 719468;
  int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  int64_t doe = z - era * 146097;
  int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  int64_t y = yoe + era * 400;
  int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  int64_t mp = (5 * doy + 2) / 153;
  int64_t d = doy - (153 * mp + 2) / 5 + 1;
  int64_t m = mp < 10 ? mp + 3 : mp - 9;
  if (m <= 2) y++;
  char year[32];
  if (y >= 0 && y <= 9999) snprintf(year, sizeof(year), "%04lld", (long long)y);
  else snprintf(year, sizeof(year), "%c%06lld", y < 0 ? '-' : '+', (long long)(y < 0 ? -y : y));
  return xasprintf("%s-%02lld-%02lldT%02lld:%02lld:%02lld.%03lldZ", year, (long long)m,
                   (long long)d, (long long)(ms / 3600000), (long long)(ms / 60000 % 60),
                   (long long)(ms / 1000 % 60), (long long)(ms % 1000));
}
