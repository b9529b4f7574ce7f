/* Unit tests for the ES module rewriter: each output form, line preservation, lexing traps,
 * top-level await detection and errors. A few tests run the rewritten code in
 * JavaScriptCore with stand-in helpers to prove it is valid and means what it should. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <JavaScriptCore/JavaScript.h>
#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "js/esm.h"

/* ---- helpers ---- */

/* What every ES module ends with. */
#define END "Object.defineProperty(exports, '__esModule', { value: true });"

static size_t count_nl(const char *s) {
  size_t n = 0;
  for (; *s; s++) n += *s == '\n';
  return n;
}

/* 1-based line of the first occurrence of needle, 0 if absent. */
static int line_of(const char *s, const char *needle) {
  const char *p = strstr(s, needle);
  if (!p) return 0;
  int line = 1;
  for (const char *q = s; q < p; q++) line += *q == '\n';
  return line;
}

/* Rewrites src, which must succeed and keep the line count; returns the output. */
static char *rw(const char *src, esm_info_t *info) {
  sbuf_t out = SBUF_INIT, err = SBUF_INIT;
  esm_info_t tmp;
  int rc = esm_rewrite(src, strlen(src), &out, info ? info : &tmp, &err);
  if (rc != 0) print_error("unexpected error: %s\n", sbuf_cstr(&err));
  assert_int_equal(rc, 0);
  assert_int_equal(err.len, 0);
  char *s = sbuf_take(&out);
  assert_int_equal(count_nl(s), count_nl(src));
  sbuf_free(&err);
  return s;
}

static void expect_out(const char *src, const char *expected) {
  char *s = rw(src, NULL);
  assert_string_equal(s, expected);
  free(s);
}

/* The module-syntax-free source must come back byte for byte. */
static void expect_same(const char *src) {
  esm_info_t info;
  char *s = rw(src, &info);
  assert_string_equal(s, src);
  assert_false(info.is_esm);
  free(s);
}

static void expect_contains(const char *src, const char *needle) {
  char *s = rw(src, NULL);
  if (!strstr(s, needle)) print_error("'%s' not in:\n%s\n", needle, s);
  assert_non_null(strstr(s, needle));
  free(s);
}

static void expect_error(const char *src, const char *msg) {
  sbuf_t out = SBUF_INIT, err = SBUF_INIT;
  sbuf_puts(&out, "keep");
  assert_int_equal(esm_rewrite(src, strlen(src), &out, NULL, &err), -1);
  assert_string_equal(sbuf_cstr(&out), "keep"); /* untouched on failure */
  assert_string_equal(sbuf_cstr(&err), msg);
  sbuf_free(&out);
  sbuf_free(&err);
}

static bool tla(const char *src) {
  esm_info_t info;
  free(rw(src, &info));
  return info.has_tla;
}

/* Stand-ins for the loader: module "esm" was compiled from ES syntax, "cjs" was not. */
static const char *js_prelude =
    "var __mods = { esm: { __esModule: true, default: 'D', a: 1, b: 2, 'x-y': 3 },\n"
    "               cjs: { a: 10, b: 20 } };\n"
    "function __sonde_require(n) {\n"
    "  if (!(n in __mods)) throw new Error('no module ' + n);\n"
    "  return __mods[n];\n"
    "}\n"
    "function __sonde_default(m) { return m && m.__esModule ? m.default : m; }\n"
    "function __sonde_ns(m) {\n"
    "  if (m && m.__esModule) return m;\n"
    "  var ns = {};\n"
    "  for (var k in m) ns[k] = m[k];\n"
    "  ns.default = m;\n"
    "  return ns;\n"
    "}\n"
    "function __sonde_named(m, spec) {\n"
    "  for (var i = 2; i < arguments.length; i++)\n"
    "    if (!(arguments[i] in Object(m))) throw new SyntaxError('no export ' + arguments[i]);\n"
    "  return m;\n"
    "}\n"
    "function __sonde_star(e, m) {\n"
    "  for (var k in m) if (k !== 'default' && k !== '__esModule') e[k] = m[k];\n"
    "}\n"
    "function __show(v) {\n"
    "  if (Array.isArray(v)) return '[' + v.map(__show).join() + ']';\n"
    "  if (typeof v !== 'object' || !v) return String(v);\n"
    "  return '{' + Object.keys(v).sort().map(function (k) {\n"
    "    return k + ':' + __show(v[k]);\n"
    "  }).join() + '}';\n"
    "}\n";

static char *js_string(JSContextRef ctx, JSValueRef v) {
  JSStringRef s = JSValueToStringCopy(ctx, v, NULL);
  size_t max = JSStringGetMaximumUTF8CStringSize(s);
  char *buf = malloc(max);
  JSStringGetUTF8CString(s, buf, max);
  JSStringRelease(s);
  return buf;
}

/* Runs the rewritten module the way the loader wraps it (body on line 1) and describes its
 * exports, or "ERR <line>: <message>" for an exception. */
static char *run_js(const char *src) {
  char *code = rw(src, NULL);
  sbuf_t b = SBUF_INIT;
  sbuf_printf(&b,
              "(function (exports, __sonde_require, module, __sonde_import, __sonde_meta) {"
              "\"use strict\";%s\n})",
              code);
  free(code);
  JSGlobalContextRef ctx = JSGlobalContextCreate(NULL);
  JSStringRef pre = JSStringCreateWithUTF8CString(js_prelude);
  JSEvaluateScript(ctx, pre, NULL, NULL, 1, NULL);
  JSStringRelease(pre);
  JSStringRef body = JSStringCreateWithUTF8CString(sbuf_cstr(&b));
  JSValueRef exc = NULL;
  JSValueRef fn = JSEvaluateScript(ctx, body, NULL, NULL, 1, &exc);
  JSStringRelease(body);
  sbuf_free(&b);
  char *res = NULL;
  if (fn && !exc) {
    JSStringRef call = JSStringCreateWithUTF8CString(
        "var __e = {}; __fn(__e, __sonde_require, { exports: __e }, null, { url: 'file:///t.mjs' "
        "});"
        " __show(__e) + (__e.__esModule ? ' (esm)' : '')");
    JSStringRef name = JSStringCreateWithUTF8CString("__fn");
    JSObjectSetProperty(ctx, JSContextGetGlobalObject(ctx), name, fn, 0, NULL);
    JSStringRelease(name);
    JSValueRef v = JSEvaluateScript(ctx, call, NULL, NULL, 1, &exc);
    JSStringRelease(call);
    if (v && !exc) res = js_string(ctx, v);
  }
  if (exc) {
    JSStringRef ln = JSStringCreateWithUTF8CString("line");
    JSValueRef line = JSObjectGetProperty(ctx, (JSObjectRef)exc, ln, NULL);
    JSStringRelease(ln);
    char *msg = js_string(ctx, exc);
    sbuf_t e = SBUF_INIT;
    sbuf_printf(&e, "ERR %d: %s", (int)JSValueToNumber(ctx, line, NULL), msg);
    free(msg);
    res = sbuf_take(&e);
  }
  JSGlobalContextRelease(ctx);
  return res;
}

static void expect_js(const char *src, const char *expected) {
  char *r = run_js(src);
  assert_string_equal(r, expected);
  free(r);
}

/* ---- imports ---- */

static void test_import_default(void **state) {
  expect_out("import x from 'm';\nx();\n",
             "const x = __sonde_default(__sonde_require('m'));\nx();\n;" END);
  expect_out("import x from \"m\"\n", "const x = __sonde_default(__sonde_require(\"m\"));\n;" END);
}

static void test_import_namespace(void **state) {
  expect_out("import * as ns from 'm';", "const ns = __sonde_ns(__sonde_require('m'));;" END);
}

static void test_import_named(void **state) {
  expect_out("import { a, b as c } from 'm';",
             "const { a, b: c } = __sonde_named(__sonde_require('m'), 'm', 'a', 'b');;" END);
  expect_out("import { a, } from 'm'",
             "const { a } = __sonde_named(__sonde_require('m'), 'm', 'a');;" END);
  expect_out("import { \"a-b\" as ab } from 'm'",
             "const { \"a-b\": ab } = __sonde_named(__sonde_require('m'), 'm', \"a-b\");;" END);
  expect_out("import {} from 'm'", "__sonde_require('m');;" END);
}

static void test_import_default_by_name(void **state) {
  expect_out("import { default as d } from 'm'",
             "const d = __sonde_default(__sonde_require('m'));;" END);
  expect_out("import { default as d, a } from 'm'",
             "const __sonde_m1 = __sonde_require('m'), d = __sonde_default(__sonde_m1),"
             " { a } = __sonde_named(__sonde_m1, 'm', 'a');;" END);
}

static void test_import_combinations(void **state) {
  expect_out(
      "import x, { a } from 'm'; import y, * as ns from 'n';",
      "const __sonde_m1 = __sonde_require('m'), x = __sonde_default(__sonde_m1),"
      " { a } = __sonde_named(__sonde_m1, 'm', 'a'); const __sonde_m2 = __sonde_require('n'),"
      " y = __sonde_default(__sonde_m2), ns = __sonde_ns(__sonde_m2);;" END);
}

static void test_import_side_effect(void **state) {
  expect_out("import 'm';\nimport \"./setup.js\"\n",
             "__sonde_require('m');\n__sonde_require(\"./setup.js\");\n;" END);
}

/* A specifier continued over a line with a backslash: its line break is copied once (the
 * fuzzer found it written twice, moving every later line). */
static void test_import_specifier_continued(void **state) {
  expect_out("import a from 'x\\\nb';\nexport { a };\n",
             "const a = __sonde_default(__sonde_require('x\\\nb'));\n;\n;exports.a = a;" END);
  expect_out("import'\\\n", "__sonde_require('\\\n);;" END);
  /* Named imports name the specifier again, without its line continuation. */
  expect_out("import { a } from 'x\\\ny';\n",
             "const { a } = __sonde_named(__sonde_require('x\\\ny'), 'xy', 'a');\n;" END);
  char *s = rw("import{a}from'\\\n", NULL);
  free(s);
}

/* A backslash in a name never swallows the rest of the source (fuzzer: `\{` ran to the end,
 * so the recorded export copied a line break). \u{..} escapes still count as the name. */
static void test_name_escapes(void **state) {
  expect_out("export const \\u{61}b = 1;\n",
             "       const \\u{61}b = 1;\n;exports.\\u{61}b = \\u{61}b;" END);
  char *s = rw("export const \\{\n", NULL);
  free(s);
}

static void test_import_attributes(void **state) {
  expect_out("import data from './d.json' with { type: 'json' };",
             "const data = __sonde_default(__sonde_require('./d.json'));;" END);
  expect_out("import data from './d.json' assert { type: 'json' }\n",
             "const data = __sonde_default(__sonde_require('./d.json'));\n;" END);
  /* `assert` on the next line is a call, not an attribute clause */
  expect_out("import assert from 'assert'\nassert({ a: 1 })\n",
             "const assert = __sonde_default(__sonde_require('assert'));\nassert({ a: 1 })\n;" END);
}

static void test_import_from_named_from(void **state) {
  expect_out("import from from 'm'", "const from = __sonde_default(__sonde_require('m'));;" END);
}

static void test_dynamic_import(void **state) {
  esm_info_t info;
  char *s =
      rw("async function f() { const m = await import('./m.js');"
         " return import(`./${x}`); }",
         &info);
  assert_string_equal(s,
                      "async function f() { const m = await __sonde_import('./m.js');"
                      " return __sonde_import(`./${x}`); }");
  assert_false(info.is_esm); /* import() alone works in scripts too */
  assert_false(info.has_tla);
  free(s);
  expect_out("import('a').then(go)\n", "__sonde_import('a').then(go)\n");
  expect_out("x = `${ await import('a') }`", "x = `${ await __sonde_import('a') }`");
}

static void test_import_meta(void **state) {
  expect_out("const u = import.meta.url;", "const u = __sonde_meta.url;");
  expect_out("f(import.meta)", "f(__sonde_meta)");
}

/* ---- exports ---- */

static void test_export_declarations(void **state) {
  expect_out("export const a = 1, b = 2;\nexport let c\nexport var d = 3",
             "       const a = 1, b = 2;\n       let c\n"
             "       var d = 3;exports.a = a;exports.b = b;exports.c = c;exports.d = d;" END);
}

static void test_export_destructuring(void **state) {
  expect_out("export const { a, b: [c, , ...d], e = f(1, 2), ...g } = obj;",
             "       const { a, b: [c, , ...d], e = f(1, 2), ...g } = obj;;exports.a = a;"
             "exports.c = c;exports.d = d;exports.e = e;exports.g = g;" END);
  expect_contains("export const { [k]: v, 'q': w } = o", ";exports.v = v;exports.w = w;" END);
}

static void test_export_functions_and_classes(void **state) {
  expect_out(
      "export function f() {}\nexport async function g() {}\nexport function* h() {}\n"
      "export class C extends B {}\n",
      "       function f() {}\n       async function g() {}\n       function* h() {}\n"
      "       class C extends B {}\n"
      ";exports.f = f;exports.g = g;exports.h = h;exports.C = C;" END);
}

static void test_export_default_expression(void **state) {
  expect_out("export default 42;", "exports.default = 42;;" END);
  expect_out("export default {\n  a: 1,\n  b: /x/g\n}\n",
             "exports.default = {\n  a: 1,\n  b: /x/g\n}\n;" END);
  expect_out("export default async () => { await x }",
             "exports.default = async () => { await x };" END);
}

static void test_export_default_named_declarations(void **state) {
  expect_out("export default function main() {}",
             "               function main() {};exports.default = main;" END);
  expect_out("export default class Api extends Base {}",
             "               class Api extends Base {};exports.default = Api;" END);
  expect_out("export default async function run() {}",
             "               async function run() {};exports.default = run;" END);
}

static void test_export_default_anonymous(void **state) {
  expect_out("export default function () {}", "exports.default = function () {};" END);
  expect_out("export default function* () {}", "exports.default = function* () {};" END);
  expect_out("export default class extends Base {}",
             "exports.default = class extends Base {};" END);
  expect_out("export default async function () {}", "exports.default = async function () {};" END);
}

static void test_export_list(void **state) {
  expect_out("const a = 1, b = 2;\nexport { a, b as c };\nexport { a as default, b as 'x-y' }\n",
             "const a = 1, b = 2;\n;\n;\n"
             ";exports.a = a;exports.c = b;exports.default = a;exports['x-y'] = b;" END);
  expect_out("export {}", ";;" END);
}

static void test_export_list_multiline(void **state) {
  expect_out("export {\n  a,\n  b as c,\n};\nfoo()",
             ";\n\n\n\nfoo();exports.a = a;exports.c = b;" END);
}

static void test_reexport_names(void **state) {
  expect_out("export { a, b as c } from 'm';",
             "{ const __sonde_r1 = __sonde_require('m'); exports.a = __sonde_r1.a;"
             " exports.c = __sonde_r1.b; };" END);
  expect_out(
      "export { default, default as d, a as default } from 'm'",
      "{ const __sonde_r1 = __sonde_require('m'); exports.default = __sonde_default(__sonde_r1);"
      " exports.d = __sonde_default(__sonde_r1); exports.default = __sonde_r1.a; };" END);
  expect_out("export { 'x-y' as xy } from 'm'",
             "{ const __sonde_r1 = __sonde_require('m'); exports.xy = __sonde_r1['x-y']; };" END);
  expect_out("export {} from 'm'", "__sonde_require('m');;" END);
}

static void test_reexport_star(void **state) {
  expect_out("export * from 'm';", "__sonde_star(exports, __sonde_require('m'));;" END);
  expect_out("export * as ns from 'm' with { type: 'json' }",
             "exports.ns = __sonde_ns(__sonde_require('m'));;" END);
}

static void test_exports_in_order(void **state) {
  expect_out("export function b() {}\nexport const a = 1\nexport { a as z }\nexport default b",
             "       function b() {}\n       const a = 1\n;\n"
             "exports.default = b;exports.b = b;exports.a = a;exports.z = a;" END);
}

static void test_module_without_exports(void **state) {
  esm_info_t info;
  char *s = rw("import a from 'a'\na()", &info);
  assert_true(info.is_esm);
  assert_false(info.has_tla);
  assert_string_equal(s, "const a = __sonde_default(__sonde_require('a'));\na();" END);
  free(s);
}

static void test_asi_ends_exported_declaration(void **state) {
  /* the ',' of a later statement must not be read as another declarator */
  expect_out("export let a = 1, b\nfoo(1, 2)",
             "       let a = 1, b\n"
             "foo(1, 2);exports.a = a;exports.b = b;" END);
  /* no ASI before '[': still the initializer, as in JavaScript */
  expect_out("export const a = x\n[1, 2].forEach(f)",
             "       const a = x\n"
             "[1, 2].forEach(f);exports.a = a;" END);
  expect_out("export const f = () => {}, g = async x => x, h = function () {}\n",
             "       const f = () => {}, g = async x => x, h = function () {}\n"
             ";exports.f = f;exports.g = g;exports.h = h;" END);
}

static void test_statement_start_without_semicolon(void **state) {
  expect_out("foo()\nimport x from 'y'",
             "foo()\nconst x = __sonde_default(__sonde_require('y'));;" END);
  expect_out("if (a) {} export const x = 1", "if (a) {}        const x = 1;exports.x = x;" END);
  expect_out("'use strict'\nexport default 1", "'use strict'\nexports.default = 1;" END);
}

static void test_byte_order_mark(void **state) {
  expect_out("\xEF\xBB\xBFimport a from 'a'",
             "\xEF\xBB\xBF"
             "const a = __sonde_default(__sonde_require('a'));;" END);
}

/* ---- lines and columns ---- */

static void test_multiline_import_keeps_lines(void **state) {
  const char *src =
      "import {\n  a, // first\n  b /* second\n  still */,\n} from 'm';\n"
      "const marker = a + b;\n";
  char *s = rw(src, NULL);
  assert_string_equal(
      s,
      "const { a, b } = __sonde_named(__sonde_require('m'), 'm', 'a', 'b');\n\n\n\n\n"
      "const marker = a + b;\n;" END);
  assert_int_equal(line_of(s, "marker"), line_of(src, "marker"));
  free(s);
}

static void test_line_of_every_marker(void **state) {
  const char *src =
      "import x,\n  * as ns\n  from 'm'\nexport const\n  one = 1\nexport {\n"
      " one as uno\n}\nexport * from\n 'n'\nexport default\n  two\n"
      "const three = 3 // the end";
  char *s = rw(src, NULL);
  const char *markers[] = {"one = 1", "two", "three", "// the end"};
  for (size_t i = 0; i < sizeof markers / sizeof *markers; i++)
    assert_int_equal(line_of(s, markers[i]), line_of(src, markers[i]));
  /* the tail goes on the last line, before its trailing comment */
  assert_non_null(
      strstr(s, "const three = 3 ;exports.one = one;exports.uno = one;" END "// the end"));
  free(s);
}

static void test_export_prefix_keeps_columns(void **state) {
  char *s = rw("export function f() { throw new Error('x') }\nexport const g = () => boom()", NULL);
  assert_int_equal(strstr(s, "throw") - s, 22);
  assert_int_equal(strstr(s, "boom") - strstr(s, "\n"), 24);
  free(s);
}

static void test_crlf_preserved(void **state) {
  expect_out("import {\r\n a\r\n} from 'm'\r\nexport const b = a\r\n",
             "const { a } = __sonde_named(__sonde_require('m'), 'm', 'a');\r\n\r\n\r\n       const "
             "b = a\r\n"
             ";exports.b = b;" END);
}

static void test_errors_keep_line_numbers_at_runtime(void **state) {
  expect_js("import {\n  a,\n  b\n} from 'esm'\nexport const s = a + b\nthrow new Error('at six')",
            "ERR 6: Error: at six");
}

/* ---- untouched sources ---- */

static void test_commonjs_is_byte_identical(void **state) {
  expect_same("");
  expect_same(
      "'use strict';\nconst assert = __sonde_require('assert');\n"
      "const { get } = __sonde_require('./http');\n\ndescribe('users', function () {\n"
      "  it('lists', async () => {\n    const res = await get(`/users?limit=${10 / 2}`);\n"
      "    assert.ok(/^application\\/json/.test(res.headers['content-type']));\n"
      "    assert.strictEqual(res.body.length / 2, 5);\n  });\n});\n"
      "module.exports = { port: process.env.PORT || 8080 }; // done\n");
  expect_same(
      "#!/usr/bin/env node\n/* import x from 'y' */\nvar s = 'export default 1';\n"
      "var re = /[/]import(?=\\/)/g, t = `import ${'a' + `export ${b}`}`;\n"
      "exports.x = s.split(/,/);");
  expect_same(
      "const o = { import: 1, export: 2, default: 3 };\n"
      "o.import(); o.export = o.import / 2;\n"
      "class K { import() { return 1 } static export() {} }\nlet a = x\n/ 2 / 3;");
  expect_same(
      "const café = 'naïve ✓ import'; // ünïcode export\n"
      "const 変数 = café.length / 2;\n");
}

/* ---- lexing traps ---- */

static void test_division_chains(void **state) {
  expect_same("a = b / c / d;\nx = (1) / 2 / (3);\ny = arr[0] / 2 / arr[1];\nz = f() / g /i;\n");
  expect_same("w = this.n / 2 / import_count;\nq = {}.x / 2 / 1;\n");
}

static void test_regex_containing_module_syntax(void **state) {
  expect_same("x = /import x from 'y'/.test(s);\nreturn_ = s.replace(/export {[^}]*}/g, '');\n");
  expect_same("function f() { return /import/ } const r = typeof /export default/;\n");
  expect_same("if (x) /import a from 'b'/.test(y)\n");
}

static void test_regex_after_keywords_and_blocks(void **state) {
  expect_same("if (ok) {}\n/'/.test(s); const q = \"'\";\n");
  expect_same("case_ = x => { switch (x) { case /'/.source: return 1 } };\n");
  expect_same("function f() {} /'/.test(s); x = a ? b : /'/g.exec(s);\n");
  expect_same("let y = x\n/ 2 /\n'/'.length;\n");
}

static void test_strings_and_templates(void **state) {
  expect_same("s = 'import x from \\'y\\''; t = \"export { a }\";\n");
  expect_same(
      "t = `line\nimport x from 'y'\n"
      "${ `nested ${x} export default` } ${ { a: '}' }.a }`;\n");
  expect_same("u = `${a}${b}` / 2;\n");
  expect_contains("t = `${ `${ import('x') }` }`", "t = `${ `${ __sonde_import('x') }` }`");
}

static void test_comments(void **state) {
  expect_same("// import x from 'y'\n/* export default 1\n import z from 'w' */\n");
  expect_out("import /* what */ x /* from */ from 'm' // trailing\n",
             "const x = __sonde_default(__sonde_require('m')); // trailing\n;" END);
}

static void test_property_names(void **state) {
  expect_same("obj.import('a'); obj?.import; obj.export(1); x.meta;\n");
  expect_same("const o = { import: 1, export() {}, import() { return 2 } };\n");
  expect_same(
      "class C {\n  import(x) { return x }\n  static async import() {}\n"
      "  #import = 1\n}\n");
}

static void test_dynamic_import_in_blocks_and_classes(void **state) {
  expect_out("switch (x) { case 1: { import('./a.js') } }",
             "switch (x) { case 1: { __sonde_import('./a.js') } }");
  expect_out("class A { static u = import.meta.url; static { this.m = import('q') } }",
             "class A { static u = __sonde_meta.url; static { this.m = __sonde_import('q') } }");
  expect_out("const o = { async *import() {}, get import() { return import('x') } }",
             "const o = { async *import() {}, get import() { return __sonde_import('x') } }");
}

static void test_unicode(void **state) {
  expect_out("import { ünï as 名 } from './ü.js' // ✓\nexport const π = 名;",
             "const { ünï: 名 } = __sonde_named(__sonde_require('./ü.js'), './ü.js', 'ünï'); // ✓\n"
             "       const π = 名;;exports.π = π;" END);
}

static void test_import_needs_statement_start(void **state) {
  /* inside blocks and expressions these are not module statements */
  expect_same("{ import: 1 }\nif (x) { export_ = 1 }\n");
  expect_same("label: { }\n");
}

/* ---- top-level await ---- */

static void test_tla_detected(void **state) {
  assert_true(tla("const r = await fetch('/x');"));
  assert_true(tla("import a from 'a'\nif (a) { await a.ready }"));
  assert_true(tla("for await (const x of xs) {}"));
  assert_true(tla("const f = async () => 1\nawait f()"));
  assert_true(tla("x = [async y => y, await z]"));
  assert_true(tla("switch (v) { case 1: { await w } }"));
  assert_true(tla("try { await a } catch (e) { await b } finally {}"));
  assert_true(tla("if (a) await b; else await c;"));
  assert_true(tla("export default await load()"));
  assert_true(tla("export const { a } = await import('x')"));
}

static void test_tla_not_detected(void **state) {
  assert_false(tla("async function f() { await x; for await (const y of z) {} }"));
  assert_false(tla("const f = async () => { await x };"));
  assert_false(tla("const f = async x => await x;"));
  assert_false(tla("xs.map(async (x) => await x, await_ = 1)"));
  assert_false(tla("class A { async m() { await x } static async s() { await y } }"));
  assert_false(tla("const o = { async m() { await x }, get g() { return 1 } };"));
  assert_false(tla("const f = async function ({ a } = {}) { if (a) { await a } };"));
  assert_false(tla("obj.await; const o = { await: 1 };"));
  assert_false(tla("x = `${async () => { await y }}`"));
}

/* ---- errors ---- */

static void test_errors(void **state) {
  expect_error("import { a",
               "line 1:11: expected ',' or '}' in import statement, found end of input");
  expect_error("import x from",
               "line 1:14: expected a module specifier string in import statement,"
               " found end of input");
  expect_error("\n  import x from y",
               "line 2:17: expected a module specifier string in import statement, found 'y'");
  expect_error("import x 'm'", "line 1:10: expected 'from' in import statement, found ''m''");
  expect_error("import * from 'm'", "line 1:10: expected 'as' in import statement, found 'from'");
  expect_error("import { 'a' } from 'm'",
               "line 1:10: expected 'as' and a name in import statement, found ''a''");
  expect_error("import { default } from 'm'",
               "line 1:10: expected 'as' and a name in import statement, found 'default'");
  expect_error("import",
               "line 1:7: expected a name, '{', '*' or a module specifier in import statement,"
               " found end of input");
  expect_error("export { a",
               "line 1:11: expected ',' or '}' in export statement, found end of input");
  expect_error("export * from",
               "line 1:14: expected a module specifier string in export statement,"
               " found end of input");
  expect_error("export default",
               "line 1:15: expected an expression in export statement, found end of input");
  expect_error("export foo",
               "line 1:8: expected a declaration, 'default', '{' or '*' in export statement,"
               " found 'foo'");
  expect_error("export const",
               "line 1:13: expected a name or a destructuring pattern in export declaration,"
               " found end of input");
  expect_error("export function () {}",
               "line 1:17: expected a name in export declaration, found '('");
  expect_error("export { 'a' }",
               "line 1:10: expected a local name (strings need 'from') in export statement,"
               " found ''a''");
  expect_error("import x from 'm' with { type: 'json'",
               "line 1:38: expected '}' in import attributes, found end of input");
  /* columns count characters, not bytes */
  expect_error("const é = 1; import { é",
               "line 1:24: expected ',' or '}' in import statement, found end of input");
}

static void test_error_without_err_buffer(void **state) {
  sbuf_t out = SBUF_INIT;
  assert_int_equal(esm_rewrite("import {", 8, &out, NULL, NULL), -1);
  assert_int_equal(out.len, 0);
}

static void test_appends_to_out(void **state) {
  sbuf_t out = SBUF_INIT;
  sbuf_puts(&out, "//x\n");
  assert_int_equal(esm_rewrite("a()", 3, &out, NULL, NULL), 0);
  assert_string_equal(sbuf_cstr(&out), "//x\na()");
  sbuf_free(&out);
}

static void test_no_crash_on_garbage(void **state) {
  const char *inputs[] = {"}}}))]]",
                          "`${",
                          "`${`${",
                          "/[/",
                          "'unterminated\nimport a from 'a'",
                          "/* open",
                          "export default (",
                          "x = /re",
                          "a => ",
                          "class {",
                          "import(",
                          "\\u0069mport x from 'y'",
                          "export const [a, [b, {c}]] = d",
                          "#",
                          "#!"};
  for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++) {
    sbuf_t out = SBUF_INIT, err = SBUF_INIT;
    esm_rewrite(inputs[i], strlen(inputs[i]), &out, NULL, &err);
    sbuf_free(&out);
    sbuf_free(&err);
  }
  /* a line after an unterminated string is lexed afresh */
  expect_contains("x = 'oops\nimport a from 'a'",
                  "const a = __sonde_default(__sonde_require('a'));");
}

/* ---- whole modules, run ---- */

static void test_run_imports(void **state) {
  expect_js(
      "import d, { a, b as c, default as dd } from 'esm'\nimport * as ns from 'cjs'\n"
      "import cj, { a as ca } from 'cjs'\n"
      "export const out = [d, a, c, dd, ns.a, ns.default.b, cj.b, ca].join()",
      "{out:D,1,2,D,10,20,20,10} (esm)");
}

static void test_run_exports(void **state) {
  expect_js(
      "export let n = 1\nn++\nexport default function main() { return n }\n"
      "export class K {}\nconst { p, q: [r] } = { p: 'P', q: ['R'] }\n"
      "export { p, r as 'ar' }\nexport * from 'esm'\nexport * as c from 'cjs'\n"
      "export { a as aa, default as dflt } from 'cjs'\nexport const fn = typeof main",
      "{K:class K {},a:1,aa:10,ar:R,b:2,c:{a:10,b:20,default:{a:10,b:20}},"
      "default:function main() { return n },dflt:{a:10,b:20},fn:function,n:2,p:P,x-y:3}"
      " (esm)");
}

static void test_run_realistic_spec(void **state) {
  const char *spec =
      "// users.spec.js\n"
      "import assert from 'cjs';\n"
      "import { a as limit, b } from 'esm';\n"
      "import * as helpers from 'cjs';\n"
      "\n"
      "const results = [];\n"
      "function describe(name, fn) { fn(); }\n"
      "function it(name, fn) { results.push(name + '=' + fn()); }\n"
      "\n"
      "describe('users', () => {\n"
      "  it('paginates', () => `${limit}/${b}` + '/' + (limit / b / 2));\n"
      "  it('matches', () => /^\\/users\\/\\d+$/.test('/users/42'));\n"
      "  it('ns', () => Object.keys(helpers).length);\n"
      "});\n"
      "\n"
      "export { results };\n"
      "export default results.length;\n";
  expect_js(spec, "{default:3,results:[paginates=1/2/0.25,matches=true,ns=3]} (esm)");
  char *s = rw(spec, NULL);
  assert_int_equal(line_of(s, "describe('users'"), 10);
  assert_int_equal(
      line_of(s, "const { a: limit, b } = __sonde_named(__sonde_require('esm'), 'esm', 'a', 'b');"),
      3);
  free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_import_default),
      cmocka_unit_test(test_import_namespace),
      cmocka_unit_test(test_import_named),
      cmocka_unit_test(test_import_default_by_name),
      cmocka_unit_test(test_import_combinations),
      cmocka_unit_test(test_import_side_effect),
      cmocka_unit_test(test_import_specifier_continued),
      cmocka_unit_test(test_name_escapes),
      cmocka_unit_test(test_import_attributes),
      cmocka_unit_test(test_import_from_named_from),
      cmocka_unit_test(test_dynamic_import),
      cmocka_unit_test(test_import_meta),
      cmocka_unit_test(test_export_declarations),
      cmocka_unit_test(test_export_destructuring),
      cmocka_unit_test(test_export_functions_and_classes),
      cmocka_unit_test(test_export_default_expression),
      cmocka_unit_test(test_export_default_named_declarations),
      cmocka_unit_test(test_export_default_anonymous),
      cmocka_unit_test(test_export_list),
      cmocka_unit_test(test_export_list_multiline),
      cmocka_unit_test(test_reexport_names),
      cmocka_unit_test(test_reexport_star),
      cmocka_unit_test(test_exports_in_order),
      cmocka_unit_test(test_module_without_exports),
      cmocka_unit_test(test_asi_ends_exported_declaration),
      cmocka_unit_test(test_statement_start_without_semicolon),
      cmocka_unit_test(test_byte_order_mark),
      cmocka_unit_test(test_multiline_import_keeps_lines),
      cmocka_unit_test(test_line_of_every_marker),
      cmocka_unit_test(test_export_prefix_keeps_columns),
      cmocka_unit_test(test_crlf_preserved),
      cmocka_unit_test(test_errors_keep_line_numbers_at_runtime),
      cmocka_unit_test(test_commonjs_is_byte_identical),
      cmocka_unit_test(test_division_chains),
      cmocka_unit_test(test_regex_containing_module_syntax),
      cmocka_unit_test(test_regex_after_keywords_and_blocks),
      cmocka_unit_test(test_strings_and_templates),
      cmocka_unit_test(test_comments),
      cmocka_unit_test(test_property_names),
      cmocka_unit_test(test_dynamic_import_in_blocks_and_classes),
      cmocka_unit_test(test_unicode),
      cmocka_unit_test(test_import_needs_statement_start),
      cmocka_unit_test(test_tla_detected),
      cmocka_unit_test(test_tla_not_detected),
      cmocka_unit_test(test_errors),
      cmocka_unit_test(test_error_without_err_buffer),
      cmocka_unit_test(test_appends_to_out),
      cmocka_unit_test(test_no_crash_on_garbage),
      cmocka_unit_test(test_run_imports),
      cmocka_unit_test(test_run_exports),
      cmocka_unit_test(test_run_realistic_spec),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
