/* Unit tests for js/inspect: util.inspect / util.format output compared with strings Node 20
 * printed for the same expressions (generated once with `node -e 'util.inspect(...)'` and
 * pasted here: CI may have no node). Error stacks are JavaScriptCore's, so those expectations
 * were written from Node's shape rather than copied. Each test owns a fresh global context
 * and releases it, so the run is clean under ASan/LSan. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "js/inspect.h"
#include "js/jsutil.h"

typedef struct {
  const char *expr;
  const char *want;
  int depth; /* only read by the depth table */
} inspect_case_t;

static int setup(void **state) {
  *state = (void *)JSGlobalContextCreate(NULL);
  return *state ? 0 : -1;
}

static int teardown(void **state) {
  JSGlobalContextRelease((JSGlobalContextRef)*state);
  return 0;
}

static JSValueRef eval_expr(JSContextRef ctx, const char *expr) {
  char *src = xasprintf("(%s)", expr);
  JSValueRef exc = NULL;
  JSValueRef v = js_eval(ctx, src, "file:///app/case.js", 1, &exc);
  free(src);
  if (!v) {
    char *msg = js_value_to_utf8(ctx, exc);
    fail_msg("evaluating %s threw %s", expr, msg);
  }
  return v;
}

static void expect_inspect(JSContextRef ctx, const char *expr, int depth, bool colors,
                           const char *want) {
  js_inspect_opts_t opts = {.depth = depth, .colors = colors};
  char *got = js_inspect(ctx, eval_expr(ctx, expr), &opts);
  if (strcmp(got, want) != 0) print_error("for %s\n", expr);
  assert_string_equal(got, want);
  free(got);
}

/* `expr` evaluates to the argument list. */
static char *format_array(JSContextRef ctx, const char *expr, const js_inspect_opts_t *opts) {
  JSValueRef arr = eval_expr(ctx, expr);
  size_t n = (size_t)js_get_number(ctx, arr, "length", 0);
  JSValueRef argv[16];
  assert_true(n <= 16);
  for (size_t i = 0; i < n; i++)
    argv[i] = JSObjectGetPropertyAtIndex(ctx, (JSObjectRef)arr, (unsigned)i, NULL);
  return js_format_args(ctx, n, argv, opts);
}

static void expect_format(JSContextRef ctx, const char *expr, const char *want) {
  js_inspect_opts_t opts = {.depth = 2, .colors = false};
  char *got = format_array(ctx, expr, &opts);
  if (strcmp(got, want) != 0) print_error("for %s\n", expr);
  assert_string_equal(got, want);
  free(got);
}

#define RUN(table, colors)                                                     \
  do {                                                                         \
    for (size_t i_ = 0; i_ < sizeof(table) / sizeof(*(table)); i_++)           \
      expect_inspect(*state, (table)[i_].expr, 2, (colors), (table)[i_].want); \
  } while (0)

static const inspect_case_t k_primitives[] = {
    {"'a'", "'a'"},
    {"''", "''"},
    {"-0", "-0"},
    {"[0, -0, 1.5, 1e21, NaN, -Infinity, 0.1 + 0.2, 1e-7]",
     "[ 0, -0, 1.5, 1e+21, NaN, -Infinity, 0.30000000000000004, 1e-7 ]"},
    {"1n", "1n"},
    {"[123n, -5n, 2n ** 70n]", "[ 123n, -5n, 1180591620717411303424n ]"},
    {"[true, false, undefined, null]", "[ true, false, undefined, null ]"},
    {"Symbol('desc')", "Symbol(desc)"},
    {"[Symbol(), Symbol('a b'), Symbol.iterator]",
     "[ Symbol(), Symbol(a b), Symbol(Symbol.iterator) ]"},
};

static const inspect_case_t k_strings[] = {
    {"\"it's\"", "\"it's\""},
    {"\"it's \\\"q\\\"\"", "`it's \"q\"`"},
    {"\"it's \\\"q\\\" `b`\"", "'it\\'s \"q\" `b`'"},
    {"\"it's \\\"q\\\" ${b}\"", "'it\\'s \"q\" ${b}'"},
    {"'tab\\there\\r\\n\\b\\f\\v\\0\\x7f\\x85 back\\\\slash'",
     "'tab\\there\\r\\n\\b\\f\\x0B\\x00\\x7F\\x85 back\\\\slash'"},
    {"'\\u00e9\\ud83d\\ude00 lone:\\ud83d'", "'é😀 lone:\\ud83d'"},
    {"'x'.repeat(100)",
     "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
     "xxxxxxxxxxxxxxxx'"},
    {"{ long: 'x'.repeat(100) }",
     "{\n"
     "  long: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
     "xxxxxxxxxxxxxxxxxxxxxxxx'\n"
     "}"},
    {"{ text: 'line one is quite long\\nline two is also rather long\\nline three finishes "
     "it off here' }",
     "{\n"
     "  text: 'line one is quite long\\n' +\n"
     "    'line two is also rather long\\n' +\n"
     "    'line three finishes it off here'\n"
     "}"},
    {"{ k: 'a'.repeat(20) + '\\n' + 'b'.repeat(70) + '\\n' }",
     "{\n"
     "  k: 'aaaaaaaaaaaaaaaaaaaa\\n' +\n"
     "    'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\\n'\n"
     "}"},
    {"['a\\nb', 'c']", "[ 'a\\nb', 'c' ]"},
};

static const inspect_case_t k_objects[] = {
    {"{ a: 1, b: 'x' }", "{ a: 1, b: 'x' }"},
    {"{}", "{}"},
    {"{ 'a-b': 1, __proto__x: 2, 1: 3, $d: 4, _u: 5, 'é': 6, \"q'\": 7 }",
     "{ '1': 3, 'a-b': 1, __proto__x: 2, '$d': 4, _u: 5, 'é': 6, \"q'\": 7 }"},
    {"{ u: undefined, n: null, f: false, s: '', z: 0 }",
     "{ u: undefined, n: null, f: false, s: '', z: 0 }"},
    {"(() => { class Foo { constructor() { this.x = 1; } } return new Foo(); })()", "Foo { x: 1 }"},
    {"(() => { class Foo {} return new Foo(); })()", "Foo {}"},
    {"(() => { function F() { this.a = 1; } return new F(); })()", "F { a: 1 }"},
    {"Object.create(null)", "[Object: null prototype] {}"},
    {"(() => { const o = Object.create(null); o.x = 1; return o; })()",
     "[Object: null prototype] { x: 1 }"},
    {"Object.assign(Object.create({ inherited: 1 }), { own: 2 })", "{ own: 2 }"},
    {"{ get a() { return 1 }, get b() { return 1 }, set b(v) {}, set c(v) {}, [Symbol('a')]"
     ": 1 }",
     "{ a: [Getter], b: [Getter/Setter], c: [Setter], [Symbol(a)]: 1 }"},
    {"{ [Symbol('a')]: { b: 1 }, [Symbol()]: 2 }", "{ [Symbol(a)]: { b: 1 }, [Symbol()]: 2 }"},
    {"{ 'ke\\'y': 1, 'ke\\ny': 2, [Symbol('s\\nx')]: 3 }",
     "{ \"ke'y\": 1, 'ke\\ny': 2, [Symbol(s\\nx)]: 3 }"},
    {"(() => { const o = {}; Object.defineProperty(o, 'hidden', { value: 1 }); o.visible = "
     "2; return o; })()",
     "{ visible: 2 }"},
    {"JSON.parse('{\"__proto__\": 1}')", "{ ['__proto__']: 1 }"},
    {"{ [Symbol.toStringTag]: 'Tagged', a: 1 }",
     "{ a: 1, [Symbol(Symbol.toStringTag)]: 'Tagged' }"},
    {"(() => { class T { get [Symbol.toStringTag]() { return 'TT'; } } return new T(); })()",
     "T [TT] {}"},
    {"Math", "Object [Math] {}"},
    {"(function () { return arguments; })(1, 2)", "[Arguments] { '0': 1, '1': 2 }"},
    {"new Proxy({ a: 1 }, {})", "{ a: 1 }"},
    {"new Proxy([1, 2], {})", "[ 1, 2 ]"},
};

static const inspect_case_t k_nesting[] = {
    {"{ a: { b: { c: { d: 1 } } } }", "{ a: { b: { c: [Object] } } }"},
    {"{ a: { b: { c: {} } } }", "{ a: { b: { c: {} } } }"},
    {"{ a: { b: { c: [] } } }", "{ a: { b: { c: [] } } }"},
    {"[[[[1]]]]", "[ [ [ [Array] ] ] ]"},
    {"{ a: [ { b: { c: 1 } } ] }", "{ a: [ { b: [Object] } ] }"},
    {"(() => { class Foo { constructor() { this.a = { b: { c: { d: 1 } } }; } } return new "
     "Foo(); })()",
     "Foo { a: { b: { c: [Object] } } }"},
    {"{ a: { b: new Map([[1, 2]]) }, c: { d: { e: new Set([1]) } } }",
     "{ a: { b: Map(1) { 1 => 2 } }, c: { d: { e: [Set] } } }"},
};

static const inspect_case_t k_depth[] = {
    {"{ a: 1, b: { c: 1 } }", "{ a: 1, b: [Object] }", 0},
    {"[1, [2]]", "[ 1, [Array] ]", 0},
    {"new Map([[1, { a: 1 }]])", "Map(1) { 1 => [Object] }", 0},
    {"{ a: { b: { c: { d: { e: { f: { g: 1 } } } } } } }",
     "{\n"
     "  a: {\n"
     "    b: {\n"
     "      c: { d: { e: { f: [Object] } } }\n"
     "    }\n"
     "  }\n"
     "}",
     5},
    {"{ a: 1 }", "[Object]", -1},
    {"[]", "[]", -1},
};

static const inspect_case_t k_circular[] = {
    {"(() => { const o = { name: 'x' }; o.self = o; o.arr = [o, { o }]; return o; })()",
     "<ref *1> {\n"
     "  name: 'x',\n"
     "  self: [Circular *1],\n"
     "  arr: [ [Circular *1], { o: [Circular *1] } ]\n"
     "}"},
    {"(() => { const a = {}; const b = { a }; a.b = b; return [a, b]; })()",
     "[\n"
     "  <ref *1> { b: { a: [Circular *1] } },\n"
     "  <ref *2> { a: <ref *1> { b: [Circular *2] } }\n"
     "]"},
    {"(() => { const a = { x: 1 }; const b = { y: a }; a.b = b; const c = { c: 1 }; c.c2 = "
     "c; a.c = c; return a; })()",
     "<ref *1> {\n"
     "  x: 1,\n"
     "  b: { y: [Circular *1] },\n"
     "  c: <ref *2> { c: 1, c2: [Circular *2] }\n"
     "}"},
    {"(() => { const s = new Set(); s.add(s); return s; })()", "<ref *1> Set(1) { [Circular *1] }"},
    {"(() => { const m = new Map(); m.set(m, m); return m; })()",
     "<ref *1> Map(1) { [Circular *1] => [Circular *1] }"},
    {"(() => { const a = []; a.push(a, [a]); return a; })()",
     "<ref *1> [ [Circular *1], [ [Circular *1] ] ]"},
    {"(() => { const o = {}; o.a = [o]; o.b = { c: o }; const p = { p: o }; o.p = p; return"
     " p; })()",
     "<ref *2> {\n"
     "  p: <ref *1> {\n"
     "    a: [ [Circular *1] ],\n"
     "    b: { c: [Circular *1] },\n"
     "    p: [Circular *2]\n"
     "  }\n"
     "}"},
};

static const inspect_case_t k_arrays[] = {
    {"[1, 2, 3]", "[ 1, 2, 3 ]"},
    {"[]", "[]"},
    {"[1, , 3, , , 6]", "[ 1, <1 empty item>, 3, <2 empty items>, 6 ]"},
    {"[ , ]", "[ <1 empty item> ]"},
    {"[undefined, null, , NaN]", "[ undefined, null, <1 empty item>, NaN ]"},
    {"(() => { const a = []; a[5] = 1; a[200] = 2; return a; })()",
     "[ <5 empty items>, 1, <194 empty items>, 2 ]"},
    {"(() => { const a = []; a.length = 300; a[150] = 1; return a; })()",
     "[ <150 empty items>, 1, <149 empty items> ]"},
    {"(() => { const a = [1]; a.length = 4294967295; return a; })()",
     "[ 1, <4294967294 empty items> ]"},
    {"(() => { const a = [1, 2]; a.foo = 'bar'; a[Symbol('s')] = 1; return a; })()",
     "[ 1, 2, foo: 'bar', [Symbol(s)]: 1 ]"},
    {"(() => { class A extends Array {} return A.from([1, 2]); })()", "A(2) [ 1, 2 ]"},
    {"(() => { class A extends Array {} return new A(); })()", "A(0) []"},
    {"[[], {}, [[]], [{}], { a: [] }, { a: {} }]",
     "[ [], {}, [ [] ], [ {} ], { a: [] }, { a: {} } ]"},
    {"Array.from({ length: 120 }, (_, i) => i)",
     "[\n"
     "   0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11,\n"
     "  12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,\n"
     "  24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35,\n"
     "  36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,\n"
     "  48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59,\n"
     "  60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71,\n"
     "  72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83,\n"
     "  84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95,\n"
     "  96, 97, 98, 99,\n"
     "  ... 20 more items\n"
     "]"},
};

static const inspect_case_t k_grouping[] = {
    {"Array.from({ length: 30 }, (_, i) => i)",
     "[\n"
     "   0,  1,  2,  3,  4,  5,  6,  7,  8,\n"
     "   9, 10, 11, 12, 13, 14, 15, 16, 17,\n"
     "  18, 19, 20, 21, 22, 23, 24, 25, 26,\n"
     "  27, 28, 29\n"
     "]"},
    {"Array.from({ length: 7 }, (_, i) => i)",
     "[\n"
     "  0, 1, 2, 3,\n"
     "  4, 5, 6\n"
     "]"},
    {"Array.from({ length: 101 }, (_, i) => i * 3)",
     "[\n"
     "    0,   3,   6,   9,  12,  15,  18,  21,  24,  27,  30,  33,\n"
     "   36,  39,  42,  45,  48,  51,  54,  57,  60,  63,  66,  69,\n"
     "   72,  75,  78,  81,  84,  87,  90,  93,  96,  99, 102, 105,\n"
     "  108, 111, 114, 117, 120, 123, 126, 129, 132, 135, 138, 141,\n"
     "  144, 147, 150, 153, 156, 159, 162, 165, 168, 171, 174, 177,\n"
     "  180, 183, 186, 189, 192, 195, 198, 201, 204, 207, 210, 213,\n"
     "  216, 219, 222, 225, 228, 231, 234, 237, 240, 243, 246, 249,\n"
     "  252, 255, 258, 261, 264, 267, 270, 273, 276, 279, 282, 285,\n"
     "  288, 291, 294, 297,\n"
     "  ... 1 more item\n"
     "]"},
    {"Array.from({ length: 26 }, (_, i) => 'item' + i)",
     "[\n"
     "  'item0',  'item1',  'item2',\n"
     "  'item3',  'item4',  'item5',\n"
     "  'item6',  'item7',  'item8',\n"
     "  'item9',  'item10', 'item11',\n"
     "  'item12', 'item13', 'item14',\n"
     "  'item15', 'item16', 'item17',\n"
     "  'item18', 'item19', 'item20',\n"
     "  'item21', 'item22', 'item23',\n"
     "  'item24', 'item25'\n"
     "]"},
    {"Array.from({ length: 8 }, (_, i) => ({ id: i }))",
     "[\n"
     "  { id: 0 }, { id: 1 },\n"
     "  { id: 2 }, { id: 3 },\n"
     "  { id: 4 }, { id: 5 },\n"
     "  { id: 6 }, { id: 7 }\n"
     "]"},
    {"Array.from({ length: 10 }, (_, i) => i % 2 ? 'str' + i : i)",
     "[\n"
     "  0,      'str1', 2,\n"
     "  'str3', 4,      'str5',\n"
     "  6,      'str7', 8,\n"
     "  'str9'\n"
     "]"},
    {"Array.from({ length: 12 }, (_, i) => i * 1000000)",
     "[\n"
     "         0,  1000000,\n"
     "   2000000,  3000000,\n"
     "   4000000,  5000000,\n"
     "   6000000,  7000000,\n"
     "   8000000,  9000000,\n"
     "  10000000, 11000000\n"
     "]"},
    {"Array.from({ length: 50 }, (_, i) => i % 3 ? i : -i * 1000)",
     "[\n"
     "      -0,  1,  2,  -3000,  4,  5,\n"
     "   -6000,  7,  8,  -9000, 10, 11,\n"
     "  -12000, 13, 14, -15000, 16, 17,\n"
     "  -18000, 19, 20, -21000, 22, 23,\n"
     "  -24000, 25, 26, -27000, 28, 29,\n"
     "  -30000, 31, 32, -33000, 34, 35,\n"
     "  -36000, 37, 38, -39000, 40, 41,\n"
     "  -42000, 43, 44, -45000, 46, 47,\n"
     "  -48000, 49\n"
     "]"},
    {"Array.from({ length: 8 }, (_, i) => 'x'.repeat(i * 3))",
     "[\n"
     "  '',\n"
     "  'xxx',\n"
     "  'xxxxxx',\n"
     "  'xxxxxxxxx',\n"
     "  'xxxxxxxxxxxx',\n"
     "  'xxxxxxxxxxxxxxx',\n"
     "  'xxxxxxxxxxxxxxxxxx',\n"
     "  'xxxxxxxxxxxxxxxxxxxxx'\n"
     "]"},
    {"[1, 2, 3, 4, 5, 6, 7, 'a'.repeat(40)]",
     "[ 1, 2, 3, 4, 5, 6, 7, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' ]"},
    {"['日本', '中文字', 'abc', 'x', 'yy', 'zzz', 'w', '😀']",
     "[\n"
     "  '日本', '中文字',\n"
     "  'abc',  'x',\n"
     "  'yy',   'zzz',\n"
     "  'w',    '😀'\n"
     "]"},
    {"{ list: Array.from({ length: 30 }, (_, i) => i), nested: { deep: Array.from({ length:"
     " 10 }, (_, i) => -i) } }",
     "{\n"
     "  list: [\n"
     "     0,  1,  2,  3,  4,  5,  6,  7,  8,\n"
     "     9, 10, 11, 12, 13, 14, 15, 16, 17,\n"
     "    18, 19, 20, 21, 22, 23, 24, 25, 26,\n"
     "    27, 28, 29\n"
     "  ],\n"
     "  nested: {\n"
     "    deep: [\n"
     "      -0, -1, -2, -3, -4,\n"
     "      -5, -6, -7, -8, -9\n"
     "    ]\n"
     "  }\n"
     "}"},
    {"{ arr: Array.from({ length: 25 }, (_, i) => 'k' + i), x: { y: Array.from({ length: 9 "
     "}, (_, i) => i) } }",
     "{\n"
     "  arr: [\n"
     "    'k0',  'k1',  'k2',  'k3',\n"
     "    'k4',  'k5',  'k6',  'k7',\n"
     "    'k8',  'k9',  'k10', 'k11',\n"
     "    'k12', 'k13', 'k14', 'k15',\n"
     "    'k16', 'k17', 'k18', 'k19',\n"
     "    'k20', 'k21', 'k22', 'k23',\n"
     "    'k24'\n"
     "  ],\n"
     "  x: {\n"
     "    y: [\n"
     "      0, 1, 2, 3, 4,\n"
     "      5, 6, 7, 8\n"
     "    ]\n"
     "  }\n"
     "}"},
};

static const inspect_case_t k_breaking[] = {
    {"{ aaaaaaaaaa: 'bbbbbbbbbbbbbbbbbbbb', cccccccccc: 'dddddddddddddddddddd', eeeeeeeeee:"
     " 'ffffffff' }",
     "{\n"
     "  aaaaaaaaaa: 'bbbbbbbbbbbbbbbbbbbb',\n"
     "  cccccccccc: 'dddddddddddddddddddd',\n"
     "  eeeeeeeeee: 'ffffffff'\n"
     "}"},
    {"{ aaaaaaaaaa: 'bbbbbbbbbbbbbbbbbbbb', cccccccccc: 'dddddddddddddddddddd', eeeeeeeeee:"
     " 'fffffffffffffff' }",
     "{\n"
     "  aaaaaaaaaa: 'bbbbbbbbbbbbbbbbbbbb',\n"
     "  cccccccccc: 'dddddddddddddddddddd',\n"
     "  eeeeeeeeee: 'fffffffffffffff'\n"
     "}"},
    {"{ a: { b: { c: 1 } }, d: 2 }", "{ a: { b: { c: 1 } }, d: 2 }"},
    {"{ a: { b: { c: {} } }, d: [ { e: 1 } ] }", "{ a: { b: { c: {} } }, d: [ { e: 1 } ] }"},
    {"[[1, 2, [3, 4, [5, [6]]]]]", "[ [ 1, 2, [ 3, 4, [Array] ] ] ]"},
    {"{ 'key with spaces': { 'another-key': { 'x.y': 1 } } }",
     "{ 'key with spaces': { 'another-key': { 'x.y': 1 } } }"},
    {"{ a: 'x'.repeat(75) }",
     "{\n"
     "  a: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'\n"
     "}"},
    {"{ a: 'x'.repeat(70) }",
     "{\n"
     "  a: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'\n"
     "}"},
    {"{ a: ['x'.repeat(30), 'y'.repeat(30)] }",
     "{\n"
     "  a: [\n"
     "    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',\n"
     "    'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyy'\n"
     "  ]\n"
     "}"},
};

static const inspect_case_t k_functions[] = {
    {"[function named() {}, () => {}, class Foo {}, async function f() {}, function* g() {}"
     ", async function* ag() {}, class extends Array {}, async () => {}]",
     "[\n"
     "  [Function: named],\n"
     "  [Function (anonymous)],\n"
     "  [class Foo],\n"
     "  [AsyncFunction: f],\n"
     "  [GeneratorFunction: g],\n"
     "  [AsyncGeneratorFunction: ag],\n"
     "  [class (anonymous) extends Array],\n"
     "  [AsyncFunction (anonymous)]\n"
     "]"},
    {"(() => { function f() {} f.extra = 1; return f; })()", "[Function: f] { extra: 1 }"},
    {"[Math.max, Function.prototype.bind.call(function b() {}, null)]",
     "[ [Function: max], [Function: bound b] ]"},
    {"{ method() {}, get g() { return 1; }, async am() {} }",
     "{ method: [Function: method], g: [Getter], am: [AsyncFunction: am] }"},
    {"(() => { class A { static x = 1; } return A; })()", "[class A] { x: 1 }"},
    {"(() => { class Foo {} class Bar extends Foo {} return [Bar, Foo]; })()",
     "[ [class Bar extends Foo], [class Foo] ]"},
    {"(() => { const f = () => {}; Object.defineProperty(f, 'name', { value: '' }); return "
     "f; })()",
     "[Function (anonymous)]"},
    {"(() => { const f = function () {}; Object.setPrototypeOf(f, null); return f; })()",
     "[Function (null prototype): f]"},
};

static const inspect_case_t k_collections[] = {
    {"new Map([['a', 1], ['b', 2]])", "Map(2) { 'a' => 1, 'b' => 2 }"},
    {"new Map([['a', 1], ['b', { c: [1, 2, { d: 1 }] }]])",
     "Map(2) { 'a' => 1, 'b' => { c: [ 1, 2, [Object] ] } }"},
    {"new Map()", "Map(0) {}"},
    {"new Set([1])", "Set(1) { 1 }"},
    {"new Set()", "Set(0) {}"},
    {"new Set([[1, 2], { a: 1 }, 'x'])", "Set(3) { [ 1, 2 ], { a: 1 }, 'x' }"},
    {"new Map([[{ k: 1 }, new Set([1])]])", "Map(1) { { k: 1 } => Set(1) { 1 } }"},
    {"(() => { const m = new Map([[1, 2]]); m.extra = true; return m; })()",
     "Map(1) { 1 => 2, extra: true }"},
    {"(() => { class M extends Map {} return new M([[1, 2]]); })()", "M(1) [Map] { 1 => 2 }"},
    {"(() => { class S extends Set {} return new S(); })()", "S(0) [Set] {}"},
    {"new Set(Array.from({ length: 105 }, (_, i) => i))",
     "Set(105) {\n"
     "  0,\n"
     "  1,\n"
     "  2,\n"
     "  3,\n"
     "  4,\n"
     "  5,\n"
     "  6,\n"
     "  7,\n"
     "  8,\n"
     "  9,\n"
     "  10,\n"
     "  11,\n"
     "  12,\n"
     "  13,\n"
     "  14,\n"
     "  15,\n"
     "  16,\n"
     "  17,\n"
     "  18,\n"
     "  19,\n"
     "  20,\n"
     "  21,\n"
     "  22,\n"
     "  23,\n"
     "  24,\n"
     "  25,\n"
     "  26,\n"
     "  27,\n"
     "  28,\n"
     "  29,\n"
     "  30,\n"
     "  31,\n"
     "  32,\n"
     "  33,\n"
     "  34,\n"
     "  35,\n"
     "  36,\n"
     "  37,\n"
     "  38,\n"
     "  39,\n"
     "  40,\n"
     "  41,\n"
     "  42,\n"
     "  43,\n"
     "  44,\n"
     "  45,\n"
     "  46,\n"
     "  47,\n"
     "  48,\n"
     "  49,\n"
     "  50,\n"
     "  51,\n"
     "  52,\n"
     "  53,\n"
     "  54,\n"
     "  55,\n"
     "  56,\n"
     "  57,\n"
     "  58,\n"
     "  59,\n"
     "  60,\n"
     "  61,\n"
     "  62,\n"
     "  63,\n"
     "  64,\n"
     "  65,\n"
     "  66,\n"
     "  67,\n"
     "  68,\n"
     "  69,\n"
     "  70,\n"
     "  71,\n"
     "  72,\n"
     "  73,\n"
     "  74,\n"
     "  75,\n"
     "  76,\n"
     "  77,\n"
     "  78,\n"
     "  79,\n"
     "  80,\n"
     "  81,\n"
     "  82,\n"
     "  83,\n"
     "  84,\n"
     "  85,\n"
     "  86,\n"
     "  87,\n"
     "  88,\n"
     "  89,\n"
     "  90,\n"
     "  91,\n"
     "  92,\n"
     "  93,\n"
     "  94,\n"
     "  95,\n"
     "  96,\n"
     "  97,\n"
     "  98,\n"
     "  99,\n"
     "  ... 5 more items\n"
     "}"},
    {"new WeakMap()", "WeakMap { <items unknown> }"},
    {"new WeakSet()", "WeakSet { <items unknown> }"},
};

static const inspect_case_t k_builtins[] = {
    {"new Date(Date.UTC(2020, 0, 1))", "2020-01-01T00:00:00.000Z"},
    {"[new Date(NaN), new Date(-1), new Date(8.64e15), new Date(-62198755200000)]",
     "[\n"
     "  Invalid Date,\n"
     "  1969-12-31T23:59:59.999Z,\n"
     "  +275760-09-13T00:00:00.000Z,\n"
     "  -000001-01-01T00:00:00.000Z\n"
     "]"},
    {"(() => { const d = new Date(0); d.x = 1; return d; })()",
     "1970-01-01T00:00:00.000Z { x: 1 }"},
    {"/a/g", "/a/g"},
    {"[/a\\/b/gimsuy, new RegExp('')]", "[ /a\\/b/gimsuy, /(?:)/ ]"},
    {"(() => { const r = /x/; r.y = 1; return r; })()", "/x/ { y: 1 }"},
    {"new Uint8Array([1, 2, 3])", "Uint8Array(3) [ 1, 2, 3 ]"},
    {"[new Float64Array([1.5, -0]), new BigInt64Array([1n, -2n]), new Uint8Array(0), new In"
     "t16Array(3)]",
     "[\n"
     "  Float64Array(2) [ 1.5, -0 ],\n"
     "  BigInt64Array(2) [ 1n, -2n ],\n"
     "  Uint8Array(0) [],\n"
     "  Int16Array(3) [ 0, 0, 0 ]\n"
     "]"},
    {"new Uint8Array(150)",
     "Uint8Array(150) [\n"
     "  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,\n"
     "  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,\n"
     "  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,\n"
     "  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,\n"
     "  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,\n"
     "  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,\n"
     "  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,\n"
     "  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,\n"
     "  0, 0, 0, 0,\n"
     "  ... 50 more items\n"
     "]"},
    {"(() => { const t = new Uint8Array(2); t.foo = 1; return t; })()",
     "Uint8Array(2) [ 0, 0, foo: 1 ]"},
    {"new Uint8Array([1, 2, 3]).buffer",
     "ArrayBuffer { [Uint8Contents]: <01 02 03>, byteLength: 3 }"},
    {"new ArrayBuffer(120)",
     "ArrayBuffer {\n"
     "  [Uint8Contents]: <00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00"
     " 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 "
     "00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 0"
     "0 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 ... 20 more bytes>,"
     "\n"
     "  byteLength: 120\n"
     "}"},
    {"new ArrayBuffer(0)", "ArrayBuffer { [Uint8Contents]: <>, byteLength: 0 }"},
    {"new DataView(new ArrayBuffer(2))",
     "DataView {\n"
     "  byteLength: 2,\n"
     "  byteOffset: 0,\n"
     "  buffer: ArrayBuffer { [Uint8Contents]: <00 00>, byteLength: 2 }\n"
     "}"},
    {"[new String('x'), new Number(-0), new Boolean(true), Object(1n), Object(Symbol('q'))]",
     "[\n"
     "  [String: 'x'],\n"
     "  [Number: -0],\n"
     "  [Boolean: true],\n"
     "  [BigInt: 1n],\n"
     "  [Symbol: Symbol(q)]\n"
     "]"},
    {"(() => { const s = new String('ab'); s.extra = 1; return s; })()",
     "[String: 'ab'] { extra: 1 }"},
    {"new Promise(() => {})", "Promise { <pending> }"},
};

static const inspect_case_t k_colors[] = {
    {"{ a: 1, b: 'x', c: [true, null, undefined], d: Symbol('s'), e: 1n, f: new Date(0), g:"
     " /r/, h: function f() {} }",
     "{\n"
     "  a: \033[33m1\033[39m,\n"
     "  b: \033[32m'x'\033[39m,\n"
     "  c: [ \033[33mtrue\033[39m, \033[1mnull\033[22m, \033[90mundefined\033[39m ],\n"
     "  d: \033[32mSymbol(s)\033[39m,\n"
     "  e: \033[33m1n\033[39m,\n"
     "  f: \033[35m1970-01-01T00:00:00.000Z\033[39m,\n"
     "  g: \033[31m/r/\033[39m,\n"
     "  h: \033[36m[Function: f]\033[39m\n"
     "}"},
    {"(() => { const o = { a: 1 }; o.self = o; return o; })()",
     "\033[36m<ref *1>\033[39m { a: \033[33m1\033[39m, self: \033[36m[Circular *1]\033[39m "
     "}"},
    {"[1, , 3]", "[ \033[33m1\033[39m, \033[90m<1 empty item>\033[39m, \033[33m3\033[39m ]"},
    {"Array.from({ length: 30 }, (_, i) => i)",
     "[\n"
     "   \033[33m0\033[39m,  \033[33m1\033[39m,  \033[33m2\033[39m,  \033[33m3\033[39m,  "
     "\033[33m4\033[39m,  \033[33m5\033[39m,  \033[33m6\033[39m,  \033[33m7\033[39m,  \033["
     "33m8\033[39m,\n"
     "   \033[33m9\033[39m, \033[33m10\033[39m, \033[33m11\033[39m, \033[33m12\033[39m, "
     "\033[33m13\033[39m, \033[33m14\033[39m, \033[33m15\033[39m, \033[33m16\033[39m, \033["
     "33m17\033[39m,\n"
     "  \033[33m18\033[39m, \033[33m19\033[39m, \033[33m20\033[39m, \033[33m21\033[39m, "
     "\033[33m22\033[39m, \033[33m23\033[39m, \033[33m24\033[39m, \033[33m25\033[39m, \033["
     "33m26\033[39m,\n"
     "  \033[33m27\033[39m, \033[33m28\033[39m, \033[33m29\033[39m\n"
     "]"},
    {"Array.from({ length: 26 }, (_, i) => 'item' + i)",
     "[\n"
     "  \033[32m'item0'\033[39m,  \033[32m'item1'\033[39m,  \033[32m'item2'\033[39m,\n"
     "  \033[32m'item3'\033[39m,  \033[32m'item4'\033[39m,  \033[32m'item5'\033[39m,\n"
     "  \033[32m'item6'\033[39m,  \033[32m'item7'\033[39m,  \033[32m'item8'\033[39m,\n"
     "  \033[32m'item9'\033[39m,  \033[32m'item10'\033[39m, \033[32m'item11'\033[39m,\n"
     "  \033[32m'item12'\033[39m, \033[32m'item13'\033[39m, \033[32m'item14'\033[39m,\n"
     "  \033[32m'item15'\033[39m, \033[32m'item16'\033[39m, \033[32m'item17'\033[39m,\n"
     "  \033[32m'item18'\033[39m, \033[32m'item19'\033[39m, \033[32m'item20'\033[39m,\n"
     "  \033[32m'item21'\033[39m, \033[32m'item22'\033[39m, \033[32m'item23'\033[39m,\n"
     "  \033[32m'item24'\033[39m, \033[32m'item25'\033[39m\n"
     "]"},
    {"{ a: { b: { c: { d: 1 } } } }", "{ a: { b: { c: \033[36m[Object]\033[39m } } }"},
    {"new Map([['a', 1]])", "Map(1) { \033[32m'a'\033[39m => \033[33m1\033[39m }"},
    {"[new String('x'), new Number(3)]",
     "[ \033[32m[String: 'x']\033[39m, \033[33m[Number: 3]\033[39m ]"},
    {"{ get a() { return 1 } }", "{ a: \033[36m[Getter]\033[39m }"},
    {"new Uint8Array([1]).buffer",
     "ArrayBuffer { \033[36m[Uint8Contents]\033[39m: <01>, byteLength: \033[33m1\033[39m }"},
};

static const inspect_case_t k_format[] = {
    {"['%s', { a: 1 }]", "{ a: 1 }"},
    {"['%s', [1, [2, [3]]]]", "[ 1, [Array] ]"},
    {"['%s %s', 'a']", "a %s"},
    {"['%d', '42abc']", "NaN"},
    {"['%d %d %d %d', '42', 1n, Symbol(), {}]", "42 1n NaN NaN"},
    {"['%i %f %j', '42.5abc', '1.5e3x', { a: [1] }]", "42 1500 {\"a\":[1]}"},
    {"['%i %i %f', 1n, Symbol(), 1n]", "1n NaN 1"},
    {"['%j', (() => { const c = {}; c.self = c; return c; })()]", "[Circular]"},
    {"['%j', undefined]", "undefined"},
    {"[1, 'a', { b: 2 }]", "1 a { b: 2 }"},
    {"['%c%s', 'color: red', 'x', 'extra', 3]", "x extra 3"},
    {"['100%% %z', 1]", "100% %z 1"},
    {"['100%%']", "100%%"},
    {"['%%', 1]", "% 1"},
    {"['a%', 1]", "a% 1"},
    {"['%s', 'x', 'y']", "x y"},
    {"['%O', { a: { b: { c: { d: 1 } } } }]", "{ a: { b: { c: [Object] } } }"},
    {"['%o', { a: { b: { c: { d: 1 } } } }]",
     "{\n"
     "  a: { b: { c: { d: 1 } } }\n"
     "}"},
    {"['%s', -0]", "-0"},
    {"['%s', 1n]", "1n"},
    {"['%s', Symbol('s')]", "Symbol(s)"},
    {"['%s %s', null, undefined]", "null undefined"},
    {"['%s', function foo() { return 1; }]", "function foo() { return 1; }"},
    {"['%s', (() => { class A { toString() { return 'custom'; } } return new A(); })()]", "custom"},
    {"['%s', (() => { class A {} return new A(); })()]", "A {}"},
    {"['%s', { toString() { return 'own'; } }]", "own"},
    {"['%s', new Date(0)]", "1970-01-01T00:00:00.000Z"},
    {"['%s:%s', 'a', 'b', { c: 1 }, 'd']", "a:b { c: 1 } d"},
    {"[{ a: 1 }, 'str', 2]", "{ a: 1 } str 2"},
    {"['str']", "str"},
    {"[]", ""},
    {"['%s']", "%s"},
    {"['%x %s', 'a']", "%x a"},
    {"['é%sé', 'ü']", "éüé"},
};

static void test_primitives(void **state) { RUN(k_primitives, false); }

static void test_strings(void **state) { RUN(k_strings, false); }

/* Beyond 10000 characters Node cuts the string and says how much is left. */
static void test_string_truncation(void **state) {
  sbuf_t want = SBUF_INIT;
  sbuf_putc(&want, '\'');
  for (int i = 0; i < 10000; i++) sbuf_putc(&want, 'a');
  sbuf_puts(&want, "'... 3 more characters");
  expect_inspect(*state, "'a'.repeat(10003)", 2, false, sbuf_cstr(&want));
  sbuf_free(&want);
}

static void test_objects(void **state) { RUN(k_objects, false); }

static void test_nesting(void **state) { RUN(k_nesting, false); }

static void test_depth_option(void **state) {
  for (size_t i = 0; i < sizeof(k_depth) / sizeof(*k_depth); i++)
    expect_inspect(*state, k_depth[i].expr, k_depth[i].depth, false, k_depth[i].want);
  expect_inspect(*state, "{ a: { b: { c: { d: { e: 1 } } } } }", JS_INSPECT_DEPTH_INFINITE, false,
                 "{\n  a: {\n    b: { c: { d: { e: 1 } } }\n  }\n}");
  expect_inspect(*state,
                 "(() => { let o = {}; const root = o; for (let i = 0; i < 5; i++) { o.n = {}; "
                 "o = o.n; } o.root = root; return root; })()",
                 JS_INSPECT_DEPTH_INFINITE, false,
                 "<ref *1> {\n  n: {\n    n: {\n      n: { n: { n: { root: [Circular *1] } } }\n"
                 "    }\n  }\n}");
}

/* With no depth limit a chain deeper than the guard stops with Node's stack-overflow note
 * instead of overflowing the C stack. */
static void test_nesting_guard(void **state) {
  JSContextRef ctx = *state;
  JSValueRef v = eval_expr(ctx,
                           "(() => { let a = []; for (let i = 0; i < 5000; i++) a = [a]; "
                           "return a; })()");
  js_inspect_opts_t opts = {.depth = JS_INSPECT_DEPTH_INFINITE, .colors = false};
  char *got = js_inspect(ctx, v, &opts);
  assert_non_null(strstr(got,
                         "[Array: Inspection interrupted prematurely. Maximum call stack "
                         "size exceeded.]"));
  free(got);
}

static void test_circular(void **state) { RUN(k_circular, false); }

static void test_arrays(void **state) { RUN(k_arrays, false); }

static void test_grouping(void **state) { RUN(k_grouping, false); }

static void test_line_breaking(void **state) { RUN(k_breaking, false); }

static void test_functions(void **state) { RUN(k_functions, false); }

static void test_collections(void **state) { RUN(k_collections, false); }

/* Promise state is out of reach of the C API: every promise prints as pending (Node would
 * print `Promise { 1 }` for Promise.resolve(1)). */
static void test_builtins(void **state) {
  RUN(k_builtins, false);
  expect_inspect(*state, "Promise.resolve(1)", 2, false, "Promise { <pending> }");
}

static void test_colors(void **state) { RUN(k_colors, true); }

/* JavaScriptCore's "fn@file:line:col" stacks come out in V8's shape. The prelude puts
 * functions on known lines of one file. */
static const char kPrelude[] =
    "function makeError(msg) {\n"
    "  return new Error(msg);\n"
    "}\n"
    "function wrap(fn) { return fn(); }\n"
    "function deep() {\n"
    "  const inner = new Error('inner');\n"
    "  return new Error('outer', { cause: inner });\n"
    "}\n"
    "function d1() { return d2(); }\n"
    "function d2() { return d3(); }\n"
    "function d3() { return deep(); }\n";

static void test_errors(void **state) {
  JSContextRef ctx = *state;
  JSValueRef exc = NULL;
  assert_non_null(js_eval(ctx, kPrelude, "file:///app/errors.test.js", 1, &exc));
  expect_inspect(ctx, "makeError('boom')", 2, false,
                 "Error: boom\n"
                 "    at makeError (file:///app/errors.test.js:2:19)\n"
                 "    at file:///app/case.js:1:11");
  /* Native frames (Array#map) are dropped; arrows are anonymous. */
  expect_inspect(ctx, "[1].map(() => makeError('in map'))", 2, false,
                 "[\n"
                 "  Error: in map\n"
                 "      at makeError (file:///app/errors.test.js:2:19)\n"
                 "      at file:///app/case.js:1:25\n"
                 "      at file:///app/case.js:1:9\n"
                 "]");
  expect_inspect(ctx, "wrap(function named() { return new RangeError('r'); })", 2, false,
                 "RangeError: r\n"
                 "    at named (file:///app/case.js:1:47)\n"
                 "    at wrap (file:///app/errors.test.js:4:30)\n"
                 "    at file:///app/case.js:1:6");
  expect_inspect(ctx, "({ e: makeError('nested'), n: 1 })", 2, false,
                 "{\n"
                 "  e: Error: nested\n"
                 "      at makeError (file:///app/errors.test.js:2:19)\n"
                 "      at file:///app/case.js:1:17,\n"
                 "  n: 1\n"
                 "}");
  expect_inspect(
      ctx, "(() => { const e = makeError('with code'); e.code = 'E_CODE'; return e; })()", 2, false,
      "Error: with code\n"
      "    at makeError (file:///app/errors.test.js:2:19)\n"
      "    at file:///app/case.js:1:30\n"
      "    at file:///app/case.js:1:76 {\n"
      "  code: 'E_CODE'\n"
      "}");
  /* Frames shared with the cause are folded, as Node does. */
  expect_inspect(ctx, "d1()", 2, false,
                 "Error: outer\n"
                 "    at deep (file:///app/errors.test.js:7:19)\n"
                 "    at d3 (file:///app/errors.test.js:11:28)\n"
                 "    ... 2 lines matching cause stack trace ...\n"
                 "    at file:///app/case.js:1:4 {\n"
                 "  [cause]: Error: inner\n"
                 "      at deep (file:///app/errors.test.js:6:26)\n"
                 "      at d3 (file:///app/errors.test.js:11:28)\n"
                 "      at d2 (file:///app/errors.test.js:10:26)\n"
                 "      at d1 (file:///app/errors.test.js:9:26)\n"
                 "      at file:///app/case.js:1:4\n"
                 "}");
  expect_inspect(ctx, "(() => { try { null.x; } catch (e) { return e; } })()", 2, false,
                 "TypeError: null is not an object (evaluating 'null.x')\n"
                 "    at file:///app/case.js:1:21\n"
                 "    at file:///app/case.js:1:53");
}

/* Error cases whose stacks are set by the script, so Node's output applies verbatim. */
static void test_errors_node_shape(void **state) {
  static const inspect_case_t cases[] = {
      {"(() => { class MyError extends Error {} const e = new MyError('mine'); "
       "e.stack = 'Error: mine\\n    at f (x.js:1:1)'; return e; })()",
       "MyError: mine\n    at f (x.js:1:1)"},
      {"(() => { const e = new RangeError('r'); e.name = 'Other'; e.stack = 'RangeError: r'; "
       "return e; })()",
       "[RangeError: r] { name: 'Other' }"},
      {"(() => { const e = new Error('no stack'); e.stack = undefined; return e; })()",
       "[Error: no stack]"},
      {"(() => { const e = new Error('custom'); e.stack = 'custom stack text'; return e; })()",
       "[custom stack text]"},
      {"(() => { const e = new Error('m'); e.stack = ''; return e; })()", "[Error: m]"},
      {"new Error('outer', { cause: 'str' })", NULL},
      {"(() => { const e = new Error('agg'); e.errors = [1, 2]; e.stack = 'Error: agg'; "
       "return e; })()",
       "[Error: agg] { errors: [ 1, 2 ] }"},
      {"{ e: (() => { const e = new Error('with props'); e.stack = 'Error: with props'; "
       "e.code = 1; return e; })() }",
       "{ e: [Error: with props] { code: 1 } }"},
      {"(() => { const e = new TypeError('t'); e.stack = 'TypeError: t\\n    at foo (x.js:1:1)'; "
       "e.name = 'Err2'; return e; })()",
       "TypeError: t\n    at foo (x.js:1:1) {\n  name: 'Err2'\n}"},
      {"(() => { const e = new Error('deep'); e.stack = 'Error: deep\\n    at f (x.js:1:1)'; "
       "return { a: { b: { c: e } } }; })()",
       "{\n  a: {\n    b: {\n      c: Error: deep\n          at f (x.js:1:1)\n    }\n  }\n}"},
      {"(() => { const e = new Error('deep'); e.stack = 'Error: deep\\n    at f (x.js:1:1)'; "
       "e.x = 1; return { a: { b: { c: e } } }; })()",
       "{ a: { b: { c: [Error] } } }"},
      {"(() => { const e = new Error('nostack'); e.stack = undefined; "
       "return { a: { b: { c: e } } }; })()",
       "{ a: { b: { c: [Error: nostack] } } }"},
      {"(() => { const e = new Error('m'); Object.setPrototypeOf(e, null); "
       "e.stack = 'Error: m\\n    at x (y:1:2)'; return e; })()",
       "[Error: null prototype]: m\n    at x (y:1:2)"},
  };
  for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++)
    if (cases[i].want) expect_inspect(*state, cases[i].expr, 2, false, cases[i].want);
}

/* Errors made by C (no JS frames) have no stack: Node's bracketed form. */
static void test_errors_from_c(void **state) {
  JSContextRef ctx = *state;
  JSValueRef e = js_make_error(ctx, "TypeError", "from C");
  char *got = js_inspect(ctx, e, NULL);
  assert_string_equal(got, "[TypeError: from C]");
  free(got);
}

static void test_format_stack(void **state) {
  static const struct {
    const char *name, *message, *stack, *want;
  } cases[] = {
      {"TypeError", "bad",
       "f@file:///a.js:1:2\n@file:///a.js:3:4\nmap@[native code]\nglobal code@file:///a.js:5:6",
       "TypeError: bad\n    at f (file:///a.js:1:2)\n    at file:///a.js:3:4\n"
       "    at file:///a.js:5:6"},
      {"Error", "x", "module code@file:///m.mjs:1:1\n", "Error: x\n    at file:///m.mjs:1:1"},
      {"Error", "at sign", "g@file:///tmp/a@b/x.js:10:20",
       "Error: at sign\n    at g (file:///tmp/a@b/x.js:10:20)"},
      {"Error", "no url", "anonymous@\neval code@\neval@[native code]\nglobal code@/t.js:1:5",
       "Error: no url\n    at /t.js:1:5"},
      {"Error", "async", "async run@file:///a.js:2:3",
       "Error: async\n    at async run (file:///a.js:2:3)"},
      {NULL, "m", "f@a.js:1:2", "Error: m\n    at f (a.js:1:2)"},
      {"Error", "", "", "Error"},
      {"", "only message", NULL, "only message"},
      {"RangeError", NULL, NULL, "RangeError"},
      /* Stacks not in JavaScriptCore's shape pass through unchanged. */
      {"Error", "v8", "Error: v8\n    at f (x.js:1:1)", "Error: v8\n    at f (x.js:1:1)"},
      {"Error", "custom", "custom stack text", "custom stack text"},
      {"Error", "half", "f@a.js:1:2\nnot a frame", "f@a.js:1:2\nnot a frame"},
  };
  (void)state;
  for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
    char *got = js_format_stack(cases[i].name, cases[i].message, cases[i].stack);
    assert_string_equal(got, cases[i].want);
    free(got);
  }
}

static void test_format(void **state) {
  for (size_t i = 0; i < sizeof(k_format) / sizeof(*k_format); i++)
    expect_format(*state, k_format[i].expr, k_format[i].want);
  /* Node throws out of console.log here; sonde prints the error in place of the value. */
  expect_format(*state, "['%j', 1n]", "TypeError: JSON.stringify cannot serialize BigInt.");
}

/* Colours reach inspected arguments; %s never colours. */
static void test_format_colors(void **state) {
  js_inspect_opts_t opts = {.depth = 2, .colors = true};
  char *got = format_array(*state, "['%s %O', 1, 2, 'x', { a: null }]", &opts);
  assert_string_equal(got, "1 \033[33m2\033[39m x { a: \033[1mnull\033[22m }");
  free(got);
}

/* NULL options mean Node's defaults. */
static void test_null_opts(void **state) {
  JSContextRef ctx = *state;
  char *got = js_inspect(ctx, eval_expr(ctx, "{ a: { b: { c: { d: 1 } } }, s: 'x' }"), NULL);
  assert_string_equal(got, "{ a: { b: { c: [Object] } }, s: 'x' }");
  free(got);
  JSValueRef argv[2] = {js_make_string(ctx, "v=%d"), JSValueMakeNumber(ctx, 7)};
  got = js_format_args(ctx, 2, argv, NULL);
  assert_string_equal(got, "v=7");
  free(got);
  got = js_format_args(ctx, 0, NULL, NULL);
  assert_string_equal(got, "");
  free(got);
  got = js_inspect(ctx, NULL, NULL);
  assert_string_equal(got, "undefined");
  free(got);
}

/* The JS helpers are compiled once, hidden on the global object, and keep the builtins
 * they captured when a script later replaces them. */
static void test_helpers_cached(void **state) {
  JSContextRef ctx = *state;
  char *got = js_inspect(ctx, eval_expr(ctx, "new Map([[1, 2]])"), NULL);
  assert_string_equal(got, "Map(1) { 1 => 2 }");
  free(got);
  JSValueRef h1 = js_get(ctx, JSContextGetGlobalObject(ctx), "__sondeInspect");
  assert_true(JSValueIsObject(ctx, h1));
  assert_false(
      JSValueToBoolean(ctx, eval_expr(ctx, "Object.keys(globalThis).includes('__sondeInspect')")));
  eval_expr(ctx,
            "(Object.keys = () => ['bogus'], Map.prototype.entries = null, "
            "Object.getOwnPropertyDescriptor = null, String = null, 0)");
  got = js_inspect(ctx, eval_expr(ctx, "[{ a: 1 }, new Map([[1, 2]]), Symbol('s')]"), NULL);
  assert_string_equal(got, "[ { a: 1 }, Map(1) { 1 => 2 }, Symbol(s) ]");
  free(got);
  JSValueRef h2 = js_get(ctx, JSContextGetGlobalObject(ctx), "__sondeInspect");
  assert_true(JSValueIsStrictEqual(ctx, h1, h2));
}

/* Traps that throw do not escape: the object prints with what could be read. */
static void test_throwing_proxy(void **state) {
  JSContextRef ctx = *state;
  JSValueRef v = eval_expr(ctx,
                           "new Proxy({ a: 1 }, { ownKeys() { throw new Error('no'); }, "
                           "getOwnPropertyDescriptor() { throw new Error('no'); } })");
  char *got = js_inspect(ctx, v, NULL);
  assert_string_equal(got, "{}");
  free(got);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_primitives, setup, teardown),
      cmocka_unit_test_setup_teardown(test_strings, setup, teardown),
      cmocka_unit_test_setup_teardown(test_string_truncation, setup, teardown),
      cmocka_unit_test_setup_teardown(test_objects, setup, teardown),
      cmocka_unit_test_setup_teardown(test_nesting, setup, teardown),
      cmocka_unit_test_setup_teardown(test_depth_option, setup, teardown),
      cmocka_unit_test_setup_teardown(test_nesting_guard, setup, teardown),
      cmocka_unit_test_setup_teardown(test_circular, setup, teardown),
      cmocka_unit_test_setup_teardown(test_arrays, setup, teardown),
      cmocka_unit_test_setup_teardown(test_grouping, setup, teardown),
      cmocka_unit_test_setup_teardown(test_line_breaking, setup, teardown),
      cmocka_unit_test_setup_teardown(test_functions, setup, teardown),
      cmocka_unit_test_setup_teardown(test_collections, setup, teardown),
      cmocka_unit_test_setup_teardown(test_builtins, setup, teardown),
      cmocka_unit_test_setup_teardown(test_colors, setup, teardown),
      cmocka_unit_test_setup_teardown(test_errors, setup, teardown),
      cmocka_unit_test_setup_teardown(test_errors_node_shape, setup, teardown),
      cmocka_unit_test_setup_teardown(test_errors_from_c, setup, teardown),
      cmocka_unit_test(test_format_stack),
      cmocka_unit_test_setup_teardown(test_format, setup, teardown),
      cmocka_unit_test_setup_teardown(test_format_colors, setup, teardown),
      cmocka_unit_test_setup_teardown(test_null_opts, setup, teardown),
      cmocka_unit_test_setup_teardown(test_helpers_cached, setup, teardown),
      cmocka_unit_test_setup_teardown(test_throwing_proxy, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
