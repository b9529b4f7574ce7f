/* jsbytes: bytes and text between C and JavaScript, for the web and Node APIs that carry
 * binary data (Buffer, TextEncoder/TextDecoder, Blob, fetch bodies, crypto). JavaScript
 * strings are UTF-16 and may hold lone surrogates and NULs, so conversions here work on the
 * string's code units instead of going through JSStringGetUTF8CString.
 *
 * Memory: every char * / unsigned char * returned is malloc'd and owned by the caller (NUL-
 * terminated even when it holds binary data, the NUL not counted). Pointers from
 * js_bytes_view are borrowed from the engine and valid only until the next call into it. */
#ifndef SONDE_JS_JSBYTES_H
#define SONDE_JS_JSBYTES_H

#include <JavaScriptCore/JavaScript.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* UTF-8 of String(v): lone surrogates become U+FFFD (as TextEncoder does). NULL with
 * *exception when ToString throws. */
char *js_to_utf8(JSContextRef ctx, JSValueRef v, size_t *len, JSValueRef *exception);
/* A string from UTF-8 bytes; invalid sequences become U+FFFD (WHATWG "decode"). With
 * `fatal`, NULL is returned for invalid input instead. */
JSValueRef js_string_from_utf8(JSContextRef ctx, const char *s, size_t len, bool fatal);
/* A string whose code units are the bytes (latin1 / "binary"). */
JSValueRef js_string_from_latin1(JSContextRef ctx, const unsigned char *s, size_t len);
/* A string from UTF-16LE bytes (an odd last byte is ignored). */
JSValueRef js_string_from_utf16le(JSContextRef ctx, const unsigned char *s, size_t len);
/* The code units of String(v) (malloc'd, *n units); NULL with *exception on a throw. */
uint16_t *js_to_utf16(JSContextRef ctx, JSValueRef v, size_t *n, JSValueRef *exception);

/* Borrowed view of the bytes of an ArrayBuffer, a typed array (Buffer included) or a
 * DataView. False when `v` is none of them. */
bool js_bytes_view(JSContextRef ctx, JSValueRef v, unsigned char **data, size_t *len);
/* New Uint8Array / ArrayBuffer holding a copy of the bytes. */
JSObjectRef js_make_uint8array(JSContextRef ctx, const void *bytes, size_t len);
JSObjectRef js_make_arraybuffer(JSContextRef ctx, const void *bytes, size_t len);
/* Same, taking ownership of malloc'd `bytes` (freed when the engine collects the buffer). */
JSObjectRef js_adopt_uint8array(JSContextRef ctx, void *bytes, size_t len);

/* ---- codecs on plain bytes (no engine) ---- */

/* Base64 (RFC 4648 alphabet, padded) or base64url (no padding) of the bytes. */
char *js_base64_encode(const unsigned char *s, size_t len, bool url, size_t *out_len);
/* Node's lenient decoder: both alphabets, whitespace and other stray characters skipped,
 * stops at the first '='. */
unsigned char *js_base64_decode(const char *s, size_t len, size_t *out_len);
/* atob's strict forgiving-base64 decode: NULL for invalid input. */
unsigned char *js_base64_decode_strict(const char *s, size_t len, size_t *out_len);
char *js_hex_encode(const unsigned char *s, size_t len);
/* Node's hex decoder: stops at the first pair that is not two hex digits. */
unsigned char *js_hex_decode(const char *s, size_t len, size_t *out_len);

/* Encoding names as Node's Buffer knows them. */
typedef enum {
  JS_ENC_UTF8,
  JS_ENC_UTF16LE,
  JS_ENC_LATIN1,
  JS_ENC_ASCII,
  JS_ENC_BASE64,
  JS_ENC_BASE64URL,
  JS_ENC_HEX,
  JS_ENC_INVALID
} js_encoding_t;
/* "utf8", "utf-8", "ucs2", "binary", ... (case-insensitive); NULL gives utf8. */
js_encoding_t js_encoding_parse(const char *name);
/* The bytes a string stands for in `enc` (Buffer.from(string, enc)). */
unsigned char *js_encode_string(JSContextRef ctx, JSValueRef str, js_encoding_t enc, size_t *len,
                                JSValueRef *exception);
/* The string bytes stand for in `enc` (buf.toString(enc)). */
JSValueRef js_decode_bytes(JSContextRef ctx, const unsigned char *s, size_t len, js_encoding_t enc);

#endif
