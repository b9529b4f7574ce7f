/* inspect_format: formatValue and everything below it (formatRaw, the formatters of each
 * kind of object, formatProperty, reduceToSingleString), for util.inspect (see inspect.c). */
#include "js/inspect_internal.h"

/* ---- formatting ------------------------------------------------------------------------ */

static char *fmt_value(ictx_t *c, JSValueRef v, int recurse);

static const char *remaining_s(uint64_t n) { return n > 1 ? "s" : ""; }

static char *remaining_text(uint64_t n) {
  return xasprintf("... %llu more item%s", (unsigned long long)n, remaining_s(n));
}

/* The value half of formatProperty. */
static char *fmt_prop_value(ictx_t *c, int flags, JSValueRef value, int recurse) {
  if (flags & P_GET)
    return insp_styled_lit(c->colors, ST_SPECIAL, flags & P_SET ? "[Getter/Setter]" : "[Getter]");
  if (flags & P_SET) return insp_styled_lit(c->colors, ST_SPECIAL, "[Setter]");
  c->indent += 2;
  char *s = fmt_value(c, value, recurse);
  c->indent -= 2;
  return s;
}

static bool is_identifier(const char *s) {
  if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_')) return false;
  for (s++; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
          *s == '_'))
      return false;
  return true;
}

static char *fmt_property(ictx_t *c, JSObjectRef o, const ikey_t *k, int recurse, int type) {
  JSContextRef ctx = c->ctx;
  JSValueRef key = insp_key_value(c, k), value;
  int flags = insp_get_prop(c, o, key, &value);
  char *str = fmt_prop_value(c, flags, value, recurse);
  if (type == K_ARRAY) return str;
  sbuf_t b = SBUF_INIT;
  if (JSValueIsSymbol(ctx, key)) {
    char *desc = insp_symbol_str(ctx, c->helper, key);
    char *esc = insp_escape_plain(ctx, js_make_string(ctx, desc));
    sbuf_putc(&b, '[');
    insp_put_styled(c->colors, &b, ST_SYMBOL, esc);
    sbuf_putc(&b, ']');
    free(desc);
    free(esc);
  } else {
    char *name = js_value_to_utf8(ctx, key);
    if (strcmp(name, "__proto__") == 0) {
      sbuf_puts(&b, "['__proto__']");
    } else if (flags & P_HIDDEN) {
      char *esc = insp_escape_plain(ctx, key);
      sbuf_printf(&b, "[%s]", esc);
      free(esc);
    } else if (is_identifier(name)) {
      sbuf_puts(&b, name);
    } else {
      char *q = insp_quote_value(ctx, key);
      insp_put_styled(c->colors, &b, ST_STRING, q);
      free(q);
    }
    free(name);
  }
  sbuf_printf(&b, ": %s", str);
  free(str);
  return sbuf_take(&b);
}

/* formatSpecialArray: a sparse array, walked by its keys so that long runs of holes are
 * not visited one by one. */
static void fmt_special_array(ictx_t *c, JSObjectRef o, int recurse, size_t max_len, uint64_t vlen,
                              strvec_t *out, unsigned i) {
  JSContextRef ctx = c->ctx;
  JSValueRef args[2] = {o, JSValueMakeBoolean(ctx, false)};
  JSValueRef keys = insp_hcall(ctx, c->helper, "keys", 2, args);
  unsigned nkeys = keys ? insp_length_of(ctx, keys) : 0;
  uint64_t index = i;
  for (; i < nkeys && out->len < max_len; i++) {
    JSValueRef key = insp_at(ctx, keys, i);
    if (!JSValueIsString(ctx, key)) break;
    char *s = js_value_to_utf8(ctx, key);
    char idx[32];
    snprintf(idx, sizeof(idx), "%llu", (unsigned long long)index);
    bool canonical = insp_all_digits(s, strlen(s)) && (s[0] != '0' || s[1] == '\0');
    double tmp = canonical ? strtod(s, NULL) : NAN;
    if (tmp > 4294967294.0) {
      free(s);
      break;
    }
    if (strcmp(idx, s) != 0) {
      if (!canonical) {
        free(s);
        break;
      }
      uint64_t empty = (uint64_t)tmp - index;
      strvec_push_owned(out, insp_styled(c->colors, ST_UNDEFINED,
                                         xasprintf("<%llu empty item%s>", (unsigned long long)empty,
                                                   remaining_s(empty))));
      index = (uint64_t)tmp;
      if (out->len == max_len) {
        free(s);
        break;
      }
    }
    free(s);
    ikey_t k = {key, NULL};
    strvec_push_owned(out, fmt_property(c, o, &k, recurse, K_ARRAY));
    index++;
  }
  uint64_t remaining = vlen > index ? vlen - index : 0;
  if (out->len != max_len) {
    if (remaining > 0)
      strvec_push_owned(out,
                        insp_styled(c->colors, ST_UNDEFINED,
                                    xasprintf("<%llu empty item%s>", (unsigned long long)remaining,
                                              remaining_s(remaining))));
  } else if (remaining > 0) {
    strvec_push_owned(out, remaining_text(remaining));
  }
}

static void fmt_array(ictx_t *c, JSObjectRef o, int recurse, strvec_t *out) {
  uint64_t vlen = insp_length_of(c->ctx, o);
  size_t len = vlen < c->max_array ? (size_t)vlen : c->max_array;
  for (unsigned i = 0; i < len; i++) {
    JSValueRef value;
    int flags = insp_get_prop(c, o, JSValueMakeNumber(c->ctx, i), &value);
    if (flags & P_INHERITED) {
      fmt_special_array(c, o, recurse, len, vlen, out, i);
      return;
    }
    strvec_push_owned(out, fmt_prop_value(c, flags, value, recurse));
  }
  if (vlen > len) strvec_push_owned(out, remaining_text(vlen - len));
}

static void fmt_typed_array(ictx_t *c, JSObjectRef o, strvec_t *out) {
  size_t n = JSObjectGetTypedArrayLength(c->ctx, o, NULL);
  size_t max = n < c->max_array ? n : c->max_array;
  for (size_t i = 0; i < max; i++)
    strvec_push_owned(out, insp_fmt_primitive(c, insp_at(c->ctx, o, (unsigned)i), c->colors));
  if (n > max) strvec_push_owned(out, remaining_text(n - max));
}

static void fmt_array_buffer(ictx_t *c, JSObjectRef o, strvec_t *out) {
  const unsigned char *bytes = JSObjectGetArrayBufferBytesPtr(c->ctx, o, NULL);
  size_t n = JSObjectGetArrayBufferByteLength(c->ctx, o, NULL);
  if (!bytes && n) {
    strvec_push_owned(out, insp_styled_lit(c->colors, ST_SPECIAL, "(detached)"));
    return;
  }
  sbuf_t b = SBUF_INIT;
  insp_put_styled(c->colors, &b, ST_SPECIAL, "[Uint8Contents]");
  sbuf_puts(&b, ": <");
  for (size_t i = 0; i < n && i < c->max_array; i++)
    sbuf_printf(&b, i ? " %02x" : "%02x", bytes[i]);
  if (n > c->max_array)
    sbuf_printf(&b, " ... %zu more byte%s", n - c->max_array, remaining_s(n - c->max_array));
  sbuf_putc(&b, '>');
  strvec_push_owned(out, sbuf_take(&b));
}

static void fmt_collection(ictx_t *c, JSObjectRef o, bool is_map, double size, int recurse,
                           strvec_t *out) {
  JSContextRef ctx = c->ctx;
  JSValueRef args[3] = {o, JSValueMakeBoolean(ctx, is_map), JSValueMakeNumber(ctx, c->max_array)};
  JSValueRef items = insp_hcall(ctx, c->helper, "entries", 3, args);
  unsigned n = items ? insp_length_of(ctx, items) : 0;
  c->indent += 2;
  for (unsigned i = 0; i < n; i += is_map ? 2 : 1) {
    char *k = fmt_value(c, insp_at(ctx, items, i), recurse);
    if (is_map) {
      char *v = fmt_value(c, insp_at(ctx, items, i + 1), recurse);
      strvec_push_owned(out, xasprintf("%s => %s", k, v));
      free(k);
      free(v);
    } else {
      strvec_push_owned(out, k);
    }
  }
  if (size > c->max_array) strvec_push_owned(out, remaining_text((uint64_t)size - c->max_array));
  c->indent -= 2;
}

/* groupArrayElements: lay out many short array entries in aligned columns. */
static void group_array_elements(ictx_t *c, strvec_t *out, JSObjectRef value) {
  size_t total = 0, max_len = 0, out_len = out->len;
  if (c->max_array < out->len) out_len--; /* leave "... more items" out */
  const size_t sep = 2;
  size_t *data_len = xcalloc(out->len + 1, sizeof(size_t));
  for (size_t i = 0; i < out_len; i++) {
    size_t len = insp_str_width(out->items[i], c->colors);
    data_len[i] = len;
    total += len + sep;
    if (max_len < len) max_len = len;
  }
  size_t actual_max = max_len + sep;
  if ((long)(actual_max * 3) + c->indent < c->break_len &&
      ((double)total / (double)actual_max > 5 || max_len <= 6)) {
    double average_bias = sqrt((double)actual_max - (double)total / (double)out->len);
    double biased_max = fmax((double)actual_max - 3 - average_bias, 1);
    double cols = floor(sqrt(2.5 * biased_max * (double)out_len) / biased_max + 0.5);
    cols = fmin(cols, floor((double)(c->break_len - c->indent) / (double)actual_max));
    cols = fmin(cols, (c->compact > 0 ? c->compact : COMPACT) * 4);
    cols = fmin(cols, 15);
    if (cols > 1) {
      size_t columns = (size_t)cols;
      size_t *line_max = xcalloc(columns, sizeof(size_t));
      for (size_t i = 0; i < columns; i++) {
        size_t m = 0;
        for (size_t j = i; j < out_len; j += columns)
          if (data_len[j] > m) m = data_len[j];
        line_max[i] = m + sep;
      }
      bool pad_start = true;
      if (value) {
        for (size_t i = 0; i < out->len; i++) {
          JSType t = JSValueGetType(c->ctx, insp_at(c->ctx, value, (unsigned)i));
          if (t != kJSTypeNumber && t != kJSTypeBigInt) {
            pad_start = false;
            break;
          }
        }
      }
      strvec_t rows = STRVEC_INIT;
      for (size_t i = 0; i < out_len; i += columns) {
        size_t max = i + columns < out_len ? i + columns : out_len;
        sbuf_t b = SBUF_INIT;
        size_t j = i;
        for (; j < max - 1; j++) {
          /* padStart/padEnd to a UTF-16 length, which includes colour codes. */
          long pad = (long)line_max[j - i] + (long)insp_u16len(out->items[j], false) -
                     (long)data_len[j] - (long)(insp_u16len(out->items[j], false) + 2);
          if (pad_start) insp_put_spaces(&b, pad);
          sbuf_printf(&b, "%s, ", out->items[j]);
          if (!pad_start) insp_put_spaces(&b, pad);
        }
        if (pad_start) {
          long pad = (long)line_max[j - i] - (long)data_len[j] - (long)sep;
          insp_put_spaces(&b, pad);
        }
        sbuf_puts(&b, out->items[j]);
        strvec_push_owned(&rows, sbuf_take(&b));
      }
      if (c->max_array < out->len) strvec_push(&rows, out->items[out_len]);
      strvec_free(out);
      *out = rows;
      free(line_max);
    }
  }
  free(data_len);
}

static bool below_break_length(ictx_t *c, const strvec_t *out, size_t start, const char *base) {
  size_t total = out->len + start;
  if ((long)(total + out->len) > c->break_len) return false;
  for (size_t i = 0; i < out->len; i++) {
    total += insp_u16len(out->items[i], c->colors);
    if ((long)total > c->break_len) return false;
  }
  return !strchr(base, '\n');
}

/* reduceToSingleString with Node's default compact=3: one line when the entries fit and the
 * object is among the innermost three levels, else one entry per line. */
static char *reduce_to_single(ictx_t *c, strvec_t *out, const char *base, const char *b0,
                              const char *b1, int extras, int recurse, JSObjectRef value) {
  size_t entries = out->len;
  if (extras == K_ARRAY_EXTRAS && entries > 6 && c->compact > 0)
    group_array_elements(c, out, value);
  sbuf_t b = SBUF_INIT;
  if (*base) sbuf_printf(&b, "%s ", base);
  if (c->compact > 0 && c->current_depth - recurse < c->compact && entries == out->len) {
    size_t start =
        out->len + (size_t)c->indent + insp_u16len(b0, false) + insp_u16len(base, false) + 10;
    if (below_break_length(c, out, start, base)) {
      char *joined = insp_join(out, ", ");
      if (!strchr(joined, '\n')) {
        sbuf_printf(&b, "%s %s %s", b0, joined, b1);
        free(joined);
        return sbuf_take(&b);
      }
      free(joined);
    }
  }
  sbuf_t ind = SBUF_INIT;
  sbuf_putc(&ind, '\n');
  insp_put_spaces(&ind, c->indent);
  sbuf_t sep = SBUF_INIT;
  sbuf_printf(&sep, ",%s  ", sbuf_cstr(&ind));
  char *joined = insp_join(out, sbuf_cstr(&sep));
  sbuf_printf(&b, "%s%s  %s%s%s", b0, sbuf_cstr(&ind), joined, sbuf_cstr(&ind), b1);
  free(joined);
  sbuf_free(&ind);
  sbuf_free(&sep);
  return sbuf_take(&b);
}

static const char *typed_array_name(JSTypedArrayType t) {
  switch (t) {
  case kJSTypedArrayTypeInt8Array: return "Int8Array";
  case kJSTypedArrayTypeInt16Array: return "Int16Array";
  case kJSTypedArrayTypeInt32Array: return "Int32Array";
  case kJSTypedArrayTypeUint8Array: return "Uint8Array";
  case kJSTypedArrayTypeUint8ClampedArray: return "Uint8ClampedArray";
  case kJSTypedArrayTypeUint16Array: return "Uint16Array";
  case kJSTypedArrayTypeUint32Array: return "Uint32Array";
  case kJSTypedArrayTypeFloat32Array: return "Float32Array";
  case kJSTypedArrayTypeFloat64Array: return "Float64Array";
  case kJSTypedArrayTypeBigInt64Array: return "BigInt64Array";
  case kJSTypedArrayTypeBigUint64Array: return "BigUint64Array";
  default: return "";
  }
}

/* getFunctionBase / getClassBase. */
static char *function_base(ictx_t *c, JSObjectRef fn, const idesc_t *d) {
  JSContextRef ctx = c->ctx;
  const char *ctor = d->ctor, *tag = d->tag;
  sbuf_t b = SBUF_INIT;
  if (insp_is_kind(d, "class")) {
    char *name = js_value_to_utf8(ctx, d->extra);
    sbuf_printf(&b, "[class %s", name);
    free(name);
    if (ctor && strcmp(ctor, "Function") != 0) sbuf_printf(&b, " [%s]", ctor);
    if (*tag && (!ctor || strcmp(ctor, tag) != 0)) sbuf_printf(&b, " [%s]", tag);
    if (ctor) {
      JSValueRef super = JSObjectGetPrototype(ctx, fn);
      JSValueRef sname = js_get(ctx, super, "name");
      if (JSValueToBoolean(ctx, sname)) {
        char *s = js_value_to_utf8(ctx, sname);
        sbuf_printf(&b, " extends %s", s);
        free(s);
      }
    } else {
      sbuf_puts(&b, " extends [null prototype]");
    }
    sbuf_putc(&b, ']');
    return sbuf_take(&b);
  }
  static const char *const types[] = {"AsyncGeneratorFunction", "AsyncFunction",
                                      "GeneratorFunction"};
  const char *type = "Function";
  for (size_t i = 0; i < sizeof(types) / sizeof(*types); i++)
    if (insp_is_kind(d, types[i])) type = types[i];
  sbuf_printf(&b, "[%s", type);
  if (!ctor) sbuf_puts(&b, " (null prototype)");
  char *name = JSValueIsString(ctx, d->extra) ? js_value_to_utf8(ctx, d->extra) : NULL;
  if (!name || !*name) {
    sbuf_puts(&b, " (anonymous)");
  } else {
    sbuf_printf(&b, ": %s", name);
  }
  free(name);
  sbuf_putc(&b, ']');
  if (ctor && strcmp(ctor, type) != 0) sbuf_printf(&b, " %s", ctor);
  if (*tag && (!ctor || strcmp(ctor, tag) != 0)) sbuf_printf(&b, " [%s]", tag);
  return sbuf_take(&b);
}

/* getBoxedBase: [String: 'x'], [Number (MyNumber): 1], ... */
static char *boxed_base(ictx_t *c, const idesc_t *d, bool has_keys) {
  const char *type = d->kind;
  sbuf_t b = SBUF_INIT;
  sbuf_printf(&b, "[%s", type);
  if (!d->ctor) sbuf_puts(&b, " (null prototype)");
  else if (strcmp(type, d->ctor) != 0) sbuf_printf(&b, " (%s)", d->ctor);
  char *prim = insp_fmt_primitive(c, d->extra, false);
  sbuf_printf(&b, ": %s]", prim);
  free(prim);
  if (*d->tag && (!d->ctor || strcmp(d->tag, d->ctor) != 0)) sbuf_printf(&b, " [%s]", d->tag);
  char *base = sbuf_take(&b);
  if (has_keys || !c->colors) return base;
  int st = strcmp(type, "Number") == 0    ? ST_NUMBER
           : strcmp(type, "String") == 0  ? ST_STRING
           : strcmp(type, "Boolean") == 0 ? ST_BOOLEAN
           : strcmp(type, "BigInt") == 0  ? ST_BIGINT
                                          : ST_SYMBOL;
  return insp_styled(true, st, base);
}

static size_t circular_index(ictx_t *c, JSObjectRef o, bool add) {
  for (size_t i = 0; i < c->ncirc; i++)
    if (c->circ[i] == o) return i + 1;
  if (!add) return 0;
  if (c->ncirc == c->capcirc) {
    c->capcirc = c->capcirc ? c->capcirc * 2 : 4;
    c->circ = xrealloc(c->circ, c->capcirc * sizeof(*c->circ));
  }
  c->circ[c->ncirc++] = o;
  return c->ncirc;
}

enum { F_NONE, F_ARRAY, F_TYPED, F_SET, F_MAP, F_BUFFER, F_PENDING, F_WEAK };

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Node's formatRaw. */
static char *fmt_raw(ictx_t *c, JSObjectRef o, int recurse) {
  JSContextRef ctx = c->ctx;
  idesc_t d;
  insp_describe(c, o, &d);
  keys_t keys = {0};
  strvec_t out = STRVEC_INIT;
  char *base = xstrdup(""), *b0 = NULL, *res = NULL;
  const char *b1 = "}";
  int extras = K_OBJECT, formatter = F_NONE;
  double size = 0;
  JSTypedArrayType tt = JSValueGetTypedArrayType(ctx, o, NULL);

  /* is_kind covers proxies of arrays, which JSValueIsArray does not see through. */
  if (JSValueIsArray(ctx, o) || insp_is_kind(&d, "Array")) {
    unsigned len = insp_length_of(ctx, o);
    char *prefix = xstrdup("");
    if (!d.ctor || strcmp(d.ctor, "Array") != 0 || *d.tag) {
      char sz[32];
      snprintf(sz, sizeof(sz), "(%u)", len);
      free(prefix);
      prefix = insp_get_prefix(d.ctor, d.tag, "Array", sz);
    }
    insp_get_keys(c, o, true, &keys);
    b0 = xasprintf("%s[", prefix);
    b1 = "]";
    free(prefix);
    if (len == 0 && keys.len == 0) {
      res = xasprintf("%s]", b0);
      goto done;
    }
    extras = K_ARRAY_EXTRAS;
    formatter = F_ARRAY;
  } else if (insp_is_kind(&d, "Set") || insp_is_kind(&d, "Map")) {
    bool is_map = insp_is_kind(&d, "Map");
    size = JSValueToNumber(ctx, d.extra, NULL);
    char sz[32];
    snprintf(sz, sizeof(sz), "(%.0f)", size);
    char *prefix = insp_get_prefix(d.ctor, d.tag, d.kind, sz);
    insp_get_keys(c, o, false, &keys);
    formatter = is_map ? F_MAP : F_SET;
    if (size == 0 && keys.len == 0) {
      res = xasprintf("%s{}", prefix);
      free(prefix);
      goto done;
    }
    b0 = xasprintf("%s{", prefix);
    free(prefix);
  } else if (tt != kJSTypedArrayTypeNone && tt != kJSTypedArrayTypeArrayBuffer) {
    insp_get_keys(c, o, true, &keys);
    size_t len = JSObjectGetTypedArrayLength(ctx, o, NULL);
    char sz[32];
    snprintf(sz, sizeof(sz), "(%zu)", len);
    char *prefix = insp_get_prefix(d.ctor, d.tag, d.ctor ? "" : typed_array_name(tt), sz);
    b0 = xasprintf("%s[", prefix);
    b1 = "]";
    free(prefix);
    if (len == 0 && keys.len == 0) {
      res = xasprintf("%s]", b0);
      goto done;
    }
    formatter = F_TYPED;
    extras = K_ARRAY_EXTRAS;
  } else {
    insp_get_keys(c, o, insp_is_kind(&d, "String"), &keys);
    b0 = xstrdup("{");
    if (JSObjectIsFunction(ctx, o)) {
      free(base);
      base = function_base(c, o, &d);
      if (keys.len == 0) {
        res = insp_styled(c->colors, ST_SPECIAL, base);
        base = NULL;
        goto done;
      }
    } else if (d.ctor && strcmp(d.ctor, "Object") == 0) {
      if (insp_is_kind(&d, "Arguments")) {
        free(b0);
        b0 = xstrdup("[Arguments] {");
      } else if (*d.tag) {
        char *prefix = insp_get_prefix(d.ctor, d.tag, "Object", "");
        free(b0);
        b0 = xasprintf("%s{", prefix);
        free(prefix);
      }
      if (keys.len == 0) {
        res = xasprintf("%s}", b0);
        goto done;
      }
    } else if (insp_is_kind(&d, "RegExp")) {
      char *src = js_value_to_utf8(ctx, d.extra);
      JSValueRef flagsv = js_get(ctx, o, "flags");
      char *flags = JSValueIsUndefined(ctx, flagsv) ? xstrdup("") : js_value_to_utf8(ctx, flagsv);
      char *prefix = insp_get_prefix(d.ctor, d.tag, "RegExp", "");
      free(base);
      base = strcmp(prefix, "RegExp ") != 0 ? xasprintf("%s/%s/%s", prefix, src, flags)
                                            : xasprintf("/%s/%s", src, flags);
      free(src);
      free(flags);
      free(prefix);
      if (keys.len == 0 || recurse > c->depth) {
        res = insp_styled(c->colors, ST_REGEXP, base);
        base = NULL;
        goto done;
      }
    } else if (JSValueIsDate(ctx, o)) {
      double t = JSValueToNumber(ctx, o, NULL);
      char *s = isnan(t) ? xstrdup("Invalid Date") : insp_iso_date(t);
      char *prefix = insp_get_prefix(d.ctor, d.tag, "Date", "");
      free(base);
      base = strcmp(prefix, "Date ") != 0 ? xasprintf("%s%s", prefix, s) : xstrdup(s);
      free(s);
      free(prefix);
      if (keys.len == 0) {
        res = insp_styled(c->colors, ST_DATE, base);
        base = NULL;
        goto done;
      }
    } else if (insp_is_kind(&d, "Error")) {
      free(base);
      base = insp_fmt_error(c, o, d.ctor, d.tag, &keys);
      if (keys.len == 0) {
        res = base;
        base = NULL;
        goto done;
      }
    } else if (tt == kJSTypedArrayTypeArrayBuffer) {
      char *prefix = insp_get_prefix(d.ctor, d.tag, "ArrayBuffer", "");
      formatter = F_BUFFER;
      free(b0);
      b0 = xasprintf("%s{", prefix);
      free(prefix);
      insp_keys_push(c, &keys, NULL, "byteLength", true);
    } else if (insp_is_kind(&d, "DataView")) {
      char *prefix = insp_get_prefix(d.ctor, d.tag, "DataView", "");
      free(b0);
      b0 = xasprintf("%s{", prefix);
      free(prefix);
      insp_keys_push(c, &keys, NULL, "buffer", true);
      insp_keys_push(c, &keys, NULL, "byteOffset", true);
      insp_keys_push(c, &keys, NULL, "byteLength", true);
    } else if (insp_is_kind(&d, "Promise") || insp_is_kind(&d, "WeakSet") ||
               insp_is_kind(&d, "WeakMap") || insp_is_kind(&d, "Module")) {
      char *prefix = insp_get_prefix(d.ctor, d.tag, d.kind, "");
      free(b0);
      b0 = xasprintf("%s{", prefix);
      free(prefix);
      if (insp_is_kind(&d, "Promise")) formatter = F_PENDING;
      else if (!insp_is_kind(&d, "Module")) formatter = F_WEAK;
    } else if (insp_is_kind(&d, "Number") || insp_is_kind(&d, "String") ||
               insp_is_kind(&d, "Boolean") || insp_is_kind(&d, "BigInt") ||
               insp_is_kind(&d, "Symbol")) {
      free(base);
      base = boxed_base(c, &d, keys.len != 0);
      if (keys.len == 0) {
        res = base;
        base = NULL;
        goto done;
      }
    } else {
      char *style = insp_ctx_style(d.ctor, d.tag);
      free(b0);
      if (keys.len == 0) {
        res = xasprintf("%s{}", style);
        free(style);
        b0 = NULL;
        goto done;
      }
      b0 = xasprintf("%s{", style);
      free(style);
    }
  }

  if (recurse > c->depth || c->nesting >= MAX_NESTING) {
    char *name = insp_ctx_style(d.ctor, d.tag);
    insp_chop_space(name);
    if (c->nesting >= MAX_NESTING) {
      res = xasprintf(
          "[%s: Inspection interrupted prematurely. Maximum call stack size "
          "exceeded.]",
          name);
    } else if (d.ctor) {
      res = xasprintf("[%s]", name);
    } else {
      res = xstrdup(name);
    }
    free(name);
    res = insp_styled(c->colors, ST_SPECIAL, res);
    goto done;
  }
  recurse++;
  if (c->nseen == c->capseen) {
    c->capseen = c->capseen ? c->capseen * 2 : 16;
    c->seen = xrealloc(c->seen, c->capseen * sizeof(*c->seen));
  }
  c->seen[c->nseen++] = o;
  c->current_depth = recurse;
  c->nesting++;

  switch (formatter) {
  case F_ARRAY: fmt_array(c, o, recurse, &out); break;
  case F_TYPED: fmt_typed_array(c, o, &out); break;
  case F_SET: fmt_collection(c, o, false, size, recurse, &out); break;
  case F_MAP: fmt_collection(c, o, true, size, recurse, &out); break;
  case F_BUFFER: fmt_array_buffer(c, o, &out); break;
  case F_PENDING:
    /* The C API cannot read a promise's state or result. */
    strvec_push_owned(&out, insp_styled_lit(c->colors, ST_SPECIAL, "<pending>"));
    break;
  case F_WEAK:
    strvec_push_owned(&out, insp_styled_lit(c->colors, ST_SPECIAL, "<items unknown>"));
    break;
  default: break;
  }
  size_t first_key = out.len;
  for (size_t i = 0; i < keys.len; i++)
    strvec_push_owned(&out, fmt_property(c, o, &keys.v[i], recurse, extras));
  if (c->sorted) {
    size_t from = extras == K_OBJECT ? 0 : first_key;
    if (out.len - from > 1) qsort(out.items + from, out.len - from, sizeof(char *), cmp_str);
  }

  size_t ref = circular_index(c, o, false);
  if (ref) {
    char *r = insp_styled(c->colors, ST_SPECIAL, xasprintf("<ref *%zu>", ref));
    char *nb = *base ? xasprintf("%s %s", r, base) : xstrdup(r);
    free(r);
    free(base);
    base = nb;
  }
  c->nseen--;
  c->nesting--;
  res = reduce_to_single(c, &out, base, b0, b1, extras, recurse, o);

done:
  free(base);
  free(b0);
  strvec_free(&out);
  insp_keys_free(c, &keys);
  insp_describe_free(&d);
  return res;
}

const char kInspectFnName[] = "__sonde_util_inspect";

/* value[util.inspect.custom](depth, options, inspect), when the value has one (and is not
 * a prototype, which would print its own method). NULL when there is none or it returned
 * the value itself. */
static char *fmt_custom(ictx_t *c, JSObjectRef o, int recurse) {
  JSContextRef ctx = c->ctx;
  JSValueRef fn = JSObjectGetPropertyForKey(ctx, o, c->custom_sym, NULL);
  if (!fn || !js_is_function(ctx, fn)) return NULL;
  JSObjectRef inspect_fn = c->inspect_fn;
  if (inspect_fn && JSValueIsStrictEqual(ctx, fn, inspect_fn)) return NULL;
  JSValueRef ctor = js_get(ctx, o, "constructor");
  if (JSValueIsObject(ctx, ctor) && JSValueIsStrictEqual(ctx, js_get(ctx, ctor, "prototype"), o))
    return NULL;
  JSValueRef args[3] = {
      c->depth == JS_INSPECT_DEPTH_INFINITE ? JSValueMakeNull(ctx)
                                            : JSValueMakeNumber(ctx, c->depth - recurse),
      insp_user_options(c), inspect_fn ? (JSValueRef)inspect_fn : JSValueMakeUndefined(ctx)};
  JSValueRef exc = NULL;
  JSValueRef ret = js_call(ctx, fn, o, 3, args, &exc);
  if (!ret) {
    /* Node lets the throw escape; we have no caller, so the error prints instead. */
    char *msg = js_value_to_utf8(ctx, exc);
    char *r = xasprintf("[%s]", msg);
    free(msg);
    return r;
  }
  if (JSValueIsStrictEqual(ctx, ret, o)) return NULL;
  if (!JSValueIsString(ctx, ret)) return fmt_value(c, ret, recurse);
  char *text = js_value_to_utf8(ctx, ret);
  if (c->indent == 0 || !strchr(text, '\n')) return text;
  sbuf_t b = SBUF_INIT;
  for (const char *p = text; *p; p++) {
    sbuf_putc(&b, *p);
    if (*p == '\n') insp_put_spaces(&b, c->indent);
  }
  free(text);
  return sbuf_take(&b);
}

static char *fmt_value(ictx_t *c, JSValueRef v, int recurse) {
  JSContextRef ctx = c->ctx;
  if (!v) v = JSValueMakeUndefined(ctx);
  if (!JSValueIsObject(ctx, v)) return insp_fmt_primitive(c, v, c->colors);
  JSObjectRef o = (JSObjectRef)v;
  if (c->custom && c->nesting < MAX_NESTING) {
    char *r = fmt_custom(c, o, recurse);
    if (r) return r;
  }
  for (size_t i = 0; i < c->nseen; i++) {
    if (c->seen[i] == o) {
      size_t idx = circular_index(c, o, true);
      return insp_styled(c->colors, ST_SPECIAL, xasprintf("[Circular *%zu]", idx));
    }
  }
  return fmt_raw(c, o, recurse);
}

static size_t limit(int v, size_t def) {
  if (v == 0) return def;
  return v < 0 ? 0 : (size_t)v;
}

static void ictx_init(ictx_t *c, JSContextRef ctx, const js_inspect_opts_t *opts) {
  memset(c, 0, sizeof(*c));
  c->ctx = ctx;
  c->helper = insp_get_helper(ctx);
  js_inspect_opts_t none = {.depth = 2};
  if (!opts) opts = &none;
  c->depth = opts->depth;
  c->colors = opts->colors;
  c->max_array = limit(opts->max_array_length, MAX_ARRAY_LENGTH);
  c->max_string = limit(opts->max_string_length, MAX_STRING_LENGTH);
  c->break_len = (long)limit(opts->break_length, BREAK_LENGTH);
  c->compact = opts->compact == 0 ? COMPACT : opts->compact < 0 ? 0 : opts->compact;
  c->sorted = opts->sorted;
  c->custom = !opts->no_custom;
  if (c->custom) {
    c->custom_sym = js_symbol_for(ctx, "nodejs.util.inspect.custom");
    c->inspect_fn = js_inspect_function(ctx);
  }
}

char *js_inspect(JSContextRef ctx, JSValueRef value, const js_inspect_opts_t *opts) {
  ictx_t c;
  ictx_init(&c, ctx, opts);
  char *s = fmt_value(&c, value, 0);
  free(c.seen);
  free(c.circ);
  return s;
}

size_t js_string_width(const char *s) { return insp_str_width(s, true); }
