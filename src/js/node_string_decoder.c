/* node_string_decoder: the `string_decoder` module. A StringDecoder keeps the bytes of a
 * character split across writes (utf8, utf16le) and decodes the rest with the encodings of
 * jsbytes.c. The pending bytes are a Uint8Array kept on the object (engine-owned). */
#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "js/jsbytes.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/node.h"

static js_encoding_t encoding_arg(JSContextRef ctx, JSValueRef v, JSValueRef *exc) {
  if (!v || JSValueIsUndefined(ctx, v) || JSValueIsNull(ctx, v)) return JS_ENC_UTF8;
  char *name = js_value_to_utf8(ctx, v);
  js_encoding_t e = js_encoding_parse(name);
  if (e == JS_ENC_INVALID)
    js_throw_code(ctx, exc, "TypeError", "ERR_UNKNOWN_ENCODING", "Unknown encoding: %s", name);
  free(name);
  return e;
}

/* StringDecoder keeps the bytes of an incomplete UTF-8 character between writes. Only the
 * encodings whose characters can straddle writes (utf8, utf16le) carry anything over. */
static size_t incomplete_tail(const unsigned char *p, size_t n, js_encoding_t enc) {
  if (enc == JS_ENC_UTF16LE) return n % 2;
  if (enc != JS_ENC_UTF8) return 0;
  for (size_t back = 1; back <= 3 && back <= n; back++) {
    unsigned char c = p[n - back];
    if ((c & 0xC0) == 0x80) continue;
    size_t need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}

static JSValueRef decoder_write(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  unsigned char *p;
  size_t n;
  if (argc > 0 && JSValueIsString(ctx, argv[0])) return argv[0];
  if (argc < 1 || !js_bytes_view(ctx, argv[0], &p, &n))
    return js_throw_arg_type(ctx, exc, "buf", "an instance of Buffer, TypedArray, or DataView",
                             argc ? argv[0] : NULL);
  char *name = js_get_string(ctx, self, "encoding");
  js_encoding_t enc = js_encoding_parse(name);
  free(name);
  JSValueRef pending = js_get(ctx, self, "__sonde_pending");
  unsigned char *pp;
  size_t pn = 0;
  if (!js_bytes_view(ctx, pending, &pp, &pn)) pn = 0;
  unsigned char *all = xmalloc(pn + n + 1);
  if (pn) memcpy(all, pp, pn);
  js_bytes_view(ctx, argv[0], &p, &n);
  memcpy(all + pn, p, n);
  size_t total = pn + n, tail = incomplete_tail(all, total, enc);
  js_set(ctx, self, "__sonde_pending", js_make_uint8array(ctx, all + total - tail, tail));
  JSValueRef r = js_decode_bytes(ctx, all, total - tail, enc);
  free(all);
  return r;
}

static JSValueRef decoder_end(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef head =
      argc > 0 ? decoder_write(ctx, f, self, argc, argv, exc) : js_make_string(ctx, "");
  if (!head) return NULL;
  unsigned char *pp;
  size_t pn = 0;
  if (!js_bytes_view(ctx, js_get(ctx, self, "__sonde_pending"), &pp, &pn) || pn == 0) return head;
  js_set(ctx, self, "__sonde_pending", js_make_uint8array(ctx, "", 0));
  char *text = js_value_to_utf8(ctx, head);
  char *all = xasprintf("%s\xEF\xBF\xBD", text);
  JSValueRef r = js_make_string(ctx, all);
  free(text);
  free(all);
  return r;
}

static JSValueRef decoder_make(JSContextRef ctx, JSObjectRef new_target, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc);

static js_class_def_t decoder_class = {
    .name = "StringDecoder",
    .construct = decoder_make,
    .length = 1,
    .methods =
        (const js_fn_t[]){{"write", decoder_write, 1}, {"end", decoder_end, 1}, {NULL, NULL, 0}},
};

static JSValueRef decoder_make(JSContextRef ctx, JSObjectRef new_target, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  js_encoding_t enc = encoding_arg(ctx, argc ? argv[0] : NULL, exc);
  if (*exc) return NULL;
  static const char *const names[] = {"utf8",   "utf16le",   "latin1", "ascii",
                                      "base64", "base64url", "hex"};
  JSObjectRef o = js_class_make(ctx, &decoder_class, NULL, new_target);
  js_set(ctx, o, "encoding", js_make_string(ctx, names[enc]));
  js_define_value(ctx, o, "__sonde_pending", JSValueMakeUndefined(ctx), false);
  return o;
}

static void string_decoder_init(js_realm_t *realm, JSObjectRef exports, void *ud) {
  JSContextRef ctx = js_realm_context(realm);
  js_set(ctx, exports, "StringDecoder", js_class_init(ctx, &decoder_class));
}

void js_node_string_decoder_register(js_runtime_t *rt) {
  js_runtime_add_builtin(rt, "string_decoder", string_decoder_init, NULL);
}
