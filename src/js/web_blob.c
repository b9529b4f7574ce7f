/* web_blob: Blob and File. A Blob is immutable bytes plus a type: built from strings
 * (UTF-8), ArrayBuffers, views and other Blobs; read with text(), arrayBuffer(), bytes()
 * (promises, as in Node) and slice(). File adds name and lastModified. stream() needs
 * ReadableStream, which sonde does not have: it throws an error that says so.
 *
 * Memory: the bytes and strings are the malloc'd private data, freed by the finalizer. */
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "common/sbuf.h"
#include "js/jsbytes.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/web.h"

typedef struct {
  unsigned char *data;
  size_t len;
  char *type;
  char *name;           /* File only */
  double last_modified; /* File only */
} blob_t;

static void blob_finalize(JSObjectRef o) {
  blob_t *b = JSObjectGetPrivate(o);
  if (!b) return;
  free(b->data);
  free(b->type);
  free(b->name);
  free(b);
}

static js_class_def_t blob_class, file_class;

static blob_t *blob_of(JSContextRef ctx, JSValueRef v) {
  return js_class_private(ctx, &blob_class, v);
}

/* type: lower-cased when every character is printable ASCII, else "". */
static char *normalize_type(const char *t) {
  char *r = xstrdup(t ? t : "");
  for (char *p = r; *p; p++) {
    if ((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7E) {
      r[0] = '\0';
      break;
    }
    if (*p >= 'A' && *p <= 'Z') *p = (char)(*p - 'A' + 'a');
  }
  return r;
}

static double now_ms(void) {
  struct timeval tv;
  gettimeofday(&tv, NULL);
  return (double)tv.tv_sec * 1000.0 + (double)(tv.tv_usec / 1000);
}

/* Concatenates the parts (a sequence) into `out`. */
static bool gather(JSContextRef ctx, JSValueRef parts, sbuf_t *out, JSValueRef *exc) {
  if (!parts || JSValueIsUndefined(ctx, parts)) return true;
  if (!JSValueIsObject(ctx, parts) ||
      !js_is_function(ctx, js_get_keyed(ctx, parts, js_symbol(ctx, "iterator")))) {
    js_throw_arg_type(ctx, exc, "sources", "a sequence", parts);
    return false;
  }
  JSValueRef list = js_call_global(ctx, "Array.from", 1, &parts, exc);
  if (!list) return false;
  for (size_t i = 0; i < js_array_length(ctx, list); i++) {
    JSValueRef part = js_array_get(ctx, list, (unsigned)i);
    blob_t *b = blob_of(ctx, part);
    unsigned char *p;
    size_t n;
    if (b) {
      sbuf_append(out, (const char *)b->data, b->len);
    } else if (js_bytes_view(ctx, part, &p, &n)) {
      sbuf_append(out, (const char *)p, n);
    } else {
      char *s = js_to_utf8(ctx, part, &n, exc);
      if (!s) return false;
      sbuf_append(out, s, n);
      free(s);
    }
  }
  return true;
}

static blob_t *new_blob(const void *data, size_t len, const char *type) {
  blob_t *b = xcalloc(1, sizeof(*b));
  b->data = xmalloc(len ? len : 1);
  if (len) memcpy(b->data, data, len);
  b->len = len;
  b->type = normalize_type(type);
  return b;
}

static JSValueRef blob_construct(JSContextRef ctx, JSObjectRef nt, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  if (!nt)
    return js_throw(ctx, exc, "TypeError",
                    "Class constructor Blob cannot be invoked without 'new'");
  sbuf_t data = SBUF_INIT;
  if (!gather(ctx, argc ? argv[0] : NULL, &data, exc)) {
    sbuf_free(&data);
    return NULL;
  }
  char *type = argc > 1 ? js_get_string(ctx, argv[1], "type") : NULL;
  blob_t *b = new_blob(data.data, data.len, type);
  free(type);
  sbuf_free(&data);
  return js_class_make(ctx, &blob_class, b, nt);
}

static JSValueRef file_construct(JSContextRef ctx, JSObjectRef nt, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  if (!nt)
    return js_throw(ctx, exc, "TypeError",
                    "Class constructor File cannot be invoked without 'new'");
  if (argc < 2)
    return js_throw(ctx, exc, "TypeError",
                    "The \"fileBits\" and \"fileName\" arguments must be specified");
  sbuf_t data = SBUF_INIT;
  if (!gather(ctx, argv[0], &data, exc)) {
    sbuf_free(&data);
    return NULL;
  }
  char *type = argc > 2 ? js_get_string(ctx, argv[2], "type") : NULL;
  blob_t *b = new_blob(data.data, data.len, type);
  free(type);
  sbuf_free(&data);
  b->name = js_to_utf8(ctx, argv[1], NULL, exc);
  if (!b->name) b->name = xstrdup("");
  b->last_modified = argc > 2 ? js_get_number(ctx, argv[2], "lastModified", now_ms()) : now_ms();
  return js_class_make(ctx, &file_class, b, nt);
}

#define B_THIS(b)                                         \
  blob_t *b = js_class_this(ctx, &blob_class, self, exc); \
  if (!b) return NULL

static JSValueRef blob_size(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  B_THIS(b);
  return JSValueMakeNumber(ctx, (double)b->len);
}

static JSValueRef blob_type(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  B_THIS(b);
  return js_make_string(ctx, b->type);
}

static JSValueRef resolved(JSContextRef ctx, JSValueRef v, JSValueRef *exc) {
  return js_settled_promise(ctx, true, v, exc);
}

static JSValueRef blob_text(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  B_THIS(b);
  return resolved(ctx, js_string_from_utf8(ctx, (const char *)b->data, b->len, false), exc);
}

static JSValueRef blob_array_buffer(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                    const JSValueRef argv[], JSValueRef *exc) {
  B_THIS(b);
  return resolved(ctx, js_make_arraybuffer(ctx, b->data, b->len), exc);
}

static JSValueRef blob_bytes(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  B_THIS(b);
  return resolved(ctx, js_make_uint8array(ctx, b->data, b->len), exc);
}

static size_t rel_index(JSContextRef ctx, const JSValueRef *v, size_t len, size_t def) {
  if (!v || JSValueIsUndefined(ctx, *v)) return def;
  double d = JSValueToNumber(ctx, *v, NULL);
  if (d != d) return 0;
  if (d < 0) d += (double)len;
  if (d < 0) return 0;
  return d > (double)len ? len : (size_t)d;
}

static JSValueRef blob_slice(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  B_THIS(b);
  size_t start = rel_index(ctx, argc > 0 ? &argv[0] : NULL, b->len, 0);
  size_t end = rel_index(ctx, argc > 1 ? &argv[1] : NULL, b->len, b->len);
  char *type =
      argc > 2 && !JSValueIsUndefined(ctx, argv[2]) ? js_value_to_utf8(ctx, argv[2]) : xstrdup("");
  blob_t *s = new_blob(b->data + start, end > start ? end - start : 0, type);
  free(type);
  return js_class_make(ctx, &blob_class, s, NULL);
}

static JSValueRef blob_stream(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  return js_throw_code(ctx, exc, "Error", "ERR_SONDE_UNSUPPORTED",
                       "Blob.stream() needs ReadableStream, which sonde does not provide; use "
                       "arrayBuffer() or text()");
}

static JSValueRef file_name(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  blob_t *b = js_class_this(ctx, &file_class, self, exc);
  return b ? js_make_string(ctx, b->name) : NULL;
}

static JSValueRef file_last_modified(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                     const JSValueRef argv[], JSValueRef *exc) {
  blob_t *b = js_class_this(ctx, &file_class, self, exc);
  return b ? JSValueMakeNumber(ctx, b->last_modified) : NULL;
}

static JSValueRef file_relative_path(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                     const JSValueRef argv[], JSValueRef *exc) {
  return js_make_string(ctx, "");
}

/* Blob { size: 3, type: '' } / File { size, type, name, lastModified } */
static JSValueRef blob_inspect(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  blob_t *b = blob_of(ctx, self);
  if (!b) return self;
  sbuf_t s = SBUF_INIT;
  sbuf_printf(&s, "%s { size: %zu, type: '%s'", b->name ? "File" : "Blob", b->len, b->type);
  if (b->name) {
    char *lm = js_value_to_utf8(ctx, JSValueMakeNumber(ctx, b->last_modified));
    sbuf_printf(&s, ", name: '%s', lastModified: %s", b->name, lm);
    free(lm);
  }
  sbuf_puts(&s, " }");
  JSValueRef r = js_make_string(ctx, sbuf_cstr(&s));
  sbuf_free(&s);
  return r;
}

static js_class_def_t blob_class = {
    .name = "Blob",
    .finalize = blob_finalize,
    .construct = blob_construct,
    .methods = (const js_fn_t[]){{"text", blob_text, 0},
                                 {"arrayBuffer", blob_array_buffer, 0},
                                 {"bytes", blob_bytes, 0},
                                 {"slice", blob_slice, 0},
                                 {"stream", blob_stream, 0},
                                 {NULL, NULL, 0}},
    .accessors =
        (const js_accessor_t[]){
            {"size", blob_size, NULL}, {"type", blob_type, NULL}, {NULL, NULL, NULL}},
};

static js_class_def_t file_class = {
    .name = "File",
    .parent = &blob_class,
    /* no finalize: the engine runs the parent class's finalizer on Files too */
    .construct = file_construct,
    .length = 2,
    .accessors = (const js_accessor_t[]){{"name", file_name, NULL},
                                         {"lastModified", file_last_modified, NULL},
                                         {"webkitRelativePath", file_relative_path, NULL},
                                         {NULL, NULL, NULL}},
};

/* ---- C entry points ---- */

bool js_blob_bytes(JSContextRef ctx, JSValueRef v, const unsigned char **data, size_t *len,
                   const char **type) {
  blob_t *b = blob_of(ctx, v);
  if (!b) return false;
  *data = b->data;
  *len = b->len;
  if (type) *type = b->type;
  return true;
}

JSObjectRef js_blob_new(JSContextRef ctx, const void *bytes, size_t len, const char *type) {
  js_blob_install(ctx);
  return js_class_make(ctx, &blob_class, new_blob(bytes, len, type), NULL);
}

JSObjectRef js_file_new(JSContextRef ctx, const void *bytes, size_t len, const char *name,
                        const char *type) {
  js_blob_install(ctx);
  blob_t *b = new_blob(bytes, len, type);
  b->name = xstrdup(name ? name : "blob");
  b->last_modified = now_ms();
  return js_class_make(ctx, &file_class, b, NULL);
}

const char *js_file_name(JSContextRef ctx, JSValueRef v) {
  blob_t *b = blob_of(ctx, v);
  return b ? b->name : NULL;
}

void js_blob_install(JSContextRef ctx) {
  if (!js_once(ctx, "__sonde_once_blob")) return;
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  JSValueRef custom = js_symbol_for(ctx, "nodejs.util.inspect.custom");
  JSObjectRef blob = js_class_init(ctx, &blob_class);
  js_set_keyed(ctx, (JSObjectRef)js_get(ctx, blob, "prototype"), custom,
               js_make_function(ctx, "inspect", blob_inspect, 2));
  js_define_value(ctx, global, "Blob", blob, false);
  js_define_value(ctx, global, "File", js_class_init(ctx, &file_class), false);
}
