/* assert_path: the property paths of toHaveBodyProperty and toHaveProperty.
 *
 *   user.name   data[0].tags[1].name   ['a.b'].c   ["x"]   items.0.id   [2]
 *
 * Dots separate keys, [n] is an array index, a quoted key in brackets may hold any
 * character (backslash escapes the quote), a bare word in brackets is a key. A number
 * written as a key (items.0) indexes an array and names a key of an object. Resolution
 * walks JS values and, when it stops, says exactly why: a missing key, an index past the
 * end, null or undefined on the way, or a primitive that has no such property.
 *
 * Memory: assert_path_t owns its segments; results borrow JS values (valid while the
 * caller's frame keeps them alive, as JSValueRefs on the C stack are). */
#ifndef SONDE_ASSERT_ASSERT_PATH_H
#define SONDE_ASSERT_ASSERT_PATH_H

#include <JavaScriptCore/JavaScript.h>
#include <stdbool.h>
#include <stddef.h>

#include "common/sbuf.h"

typedef struct {
  char *key;    /* the key; for an index its decimal digits */
  bool index;   /* [digits]: an array index */
  size_t n;     /* the index (also set for keys that are canonical array indexes) */
  bool numeric; /* key is a canonical array index ("0", "12"), however written */
} assert_path_seg_t;

typedef struct {
  assert_path_seg_t *segs;
  size_t len;
} assert_path_t;

/* 0 on success; -1 with a message in `err` ("empty key at position 3 of \"a..b\""). */
int assert_path_parse(const char *text, assert_path_t *out, sbuf_t *err);
void assert_path_free(assert_path_t *p);
/* The first `n` segments in canonical form after `root` ("body" → "body.a[0]['x.y']";
 * root NULL or "" → "a[0]['x.y']"). */
void assert_path_format(const assert_path_t *p, size_t n, const char *root, sbuf_t *out);

typedef enum {
  ASSERT_PATH_FOUND,
  ASSERT_PATH_MISSING,   /* an object (or array) without the key */
  ASSERT_PATH_RANGE,     /* an index past the end of an array */
  ASSERT_PATH_NULL,      /* null where an object was needed */
  ASSERT_PATH_UNDEFINED, /* undefined where an object was needed */
  ASSERT_PATH_PRIMITIVE, /* a string, number, ... without the property */
} assert_path_status_t;

typedef struct {
  assert_path_status_t status;
  size_t depth;     /* segments resolved: len when found, else the failing one */
  JSValueRef value; /* the value at the path, or the last value reached */
  size_t length;    /* ASSERT_PATH_RANGE: the array's length */
  const char *kind; /* ASSERT_PATH_PRIMITIVE: "a string", "a number", ... */
} assert_path_result_t;

void assert_path_resolve(JSContextRef ctx, JSValueRef root, const assert_path_t *p,
                         assert_path_result_t *out);
/* Why resolution stopped, naming the value by its path from `root`:
 *   body.user has no property "email"
 *   body.data[0].tags has 1 element, so index 1 is out of range
 *   body.user.address is null
 *   body.user.name is a string, not an object */
void assert_path_reason(const assert_path_t *p, const assert_path_result_t *r, const char *root,
                        sbuf_t *out);

#endif
