/* fuzz_json_scan: libFuzzer target for src/common/json_scan.c against JavaScriptCore's own
 * JSON parser, the one JSON.parse runs. On valid UTF-8 without NUL bytes, the scanner must
 * accept exactly the texts JavaScriptCore parses (up to its nesting limit): accepting one
 * it refuses would lose a large body parsed in runs (api_bigjson.c). Each value of an array
 * is also scanned on its own and must end where the array's next comma or bracket starts.
 * Built and run by scripts/fuzz.sh. */
// fuzz-build: src/common/json_scan.c
// fuzz-pkgs: javascriptcoregtk-4.1
#include <JavaScriptCore/JavaScript.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/json_scan.h"

/* Valid UTF-8 (no surrogates, nothing over U+10FFFF, shortest forms) without NUL bytes. */
static bool utf8_ok(const uint8_t *s, size_t n) {
  for (size_t i = 0; i < n;) {
    uint8_t b = s[i];
    size_t need;
    uint32_t cp, min;
    if (b == 0) return false;
    if (b < 0x80) {
      i++;
      continue;
    }
    if ((b & 0xE0) == 0xC0) need = 1, cp = b & 0x1F, min = 0x80;
    else if ((b & 0xF0) == 0xE0) need = 2, cp = b & 0x0F, min = 0x800;
    else if ((b & 0xF8) == 0xF0) need = 3, cp = b & 0x07, min = 0x10000;
    else return false;
    for (size_t k = 1; k <= need; k++) {
      if (i + k >= n || (s[i + k] & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (s[i + k] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += need + 1;
  }
  return true;
}

/* Nesting depth of brackets outside strings (the scanner refuses more than its limit). */
static size_t max_depth(const char *s, size_t n) {
  size_t d = 0, max = 0;
  bool str = false;
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (str) {
      if (c == '\\') i++;
      else if (c == '"') str = false;
    } else if (c == '"') {
      str = true;
    } else if (c == '[' || c == '{') {
      if (++d > max) max = d;
    } else if ((c == ']' || c == '}') && d) {
      d--;
    }
  }
  return max;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static JSGlobalContextRef ctx;
  if (!ctx) ctx = JSGlobalContextCreate(NULL);
  if (!utf8_ok(data, size)) return 0;
  char *text = malloc(size + 1);
  memcpy(text, data, size);
  text[size] = '\0';
  size_t start = json_scan_ws(text, size, 0);
  size_t end = json_scan_value(text, size, start);
  bool scanned = end != (size_t)-1 && json_scan_ws(text, size, end) == size;
  JSStringRef str = JSStringCreateWithUTF8CString(text);
  bool parsed = JSValueMakeFromJSONString(ctx, str) != NULL;
  JSStringRelease(str);
  if (scanned && !parsed) abort(); /* accepted what JSON.parse refuses */
  if (parsed && !scanned && max_depth(text, size) <= JSON_SCAN_MAX_DEPTH) abort();
  if (scanned && json_scan_is_array(text, size)) {
    /* The elements one by one, as api_json_runs walks them. */
    size_t i = json_scan_ws(text, size, start + 1);
    while (text[i] != ']') {
      size_t e = json_scan_value(text, size, i);
      if (e == (size_t)-1) abort();
      i = json_scan_ws(text, size, e);
      if (text[i] == ',') i = json_scan_ws(text, size, i + 1);
      else if (text[i] != ']') abort();
    }
  }
  free(text);
  return 0;
}
