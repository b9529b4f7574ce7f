/* test_js_console: conformance of sonde's console (formatting, table, group, count,
 * assert, dir, process.stdout) with Node 20. Each case is the body of an async
 * function run in a fresh sonde realm (test_js_harness.h); the expected strings are what
 * `node` v20 returned for the same body (generated once and pasted: CI may have no node).
 * Cases whose only difference is an engine's error wording, or a documented gap, are left
 * out. */
#include "test_js_harness.h"

/* console output (what the case printed, stdout and stderr together) */
static const js_case_t console_cases[] = {
    {"console.table([{a:1,b:'x'},{a:2,c:true}]);",
     "┌─────────┬───┬─────┬──────┐\n│ (index) │ a │ b   │ c    │\n├─────────┼───┼─────┼─────"
     "─┤\n│ 0       │ 1 │ 'x' │      │\n│ 1       │ 2 │     │ true │\n└─────────┴───┴─────┴─"
     "─────┘\n"},
    {"console.table({r1:{x:1}, r2:5});",
     "┌─────────┬───┬────────┐\n│ (index) │ x │ Values │\n├─────────┼───┼────────┤\n│ r1    "
     "  │ 1 │        │\n│ r2      │   │ 5      │\n└─────────┴───┴────────┘\n"},
    {"console.table(new Map([['k',{a:1,b:2,c:3}]]));",
     "┌───────────────────┬─────┬──────────┐\n│ (iteration index) │ Key │ Values   │\n├─────"
     "──────────────┼─────┼──────────┤\n│ 0                 │ 'k' │ [Object] │\n└───────────"
     "────────┴─────┴──────────┘\n"},
    {"console.table([1,'two',[3,4,5,6]]);",
     "┌─────────┬───┬───┬───┬───┬────────┐\n│ (index) │ 0 │ 1 │ 2 │ 3 │ Values │\n├─────────"
     "┼───┼───┼───┼───┼────────┤\n│ 0       │   │   │   │   │ 1      │\n│ 1       │   │   │ "
     "  │   │ 'two'  │\n│ 2       │ 3 │ 4 │ 5 │ 6 │        │\n└─────────┴───┴───┴───┴───┴───"
     "─────┘\n"},
    {"console.table([{a:1,b:2}], ['a']);",
     "┌─────────┬───┐\n│ (index) │ a │\n├─────────┼───┤\n│ 0       │ 1 │\n└─────────┴───┘\n"},
    {"console.table(new Set(['x', 2])); console.table(5); console.table([]);",
     "┌───────────────────┬────────┐\n│ (iteration index) │ Values │\n├───────────────────┼─"
     "───────┤\n│ 0                 │ 'x'    │\n│ 1                 │ 2      │\n└───────────"
     "────────┴────────┘\n5\n┌─────────┐\n│ (index) │\n├─────────┤\n└─────────┘\n"},
    {"console.group('G1'); console.log('in\\nmulti'); console.group(); console.info('deeper'"
     "); console.groupEnd(); console.groupEnd(); console.log('out'); console.groupEnd(); con"
     "sole.log('still out');",
     "G1\n  in\n  multi\n    deeper\nout\nstill out\n"},
    {"console.count(); console.count(); console.count('x'); console.countReset(); console.co"
     "unt();",
     "default: 1\ndefault: 2\nx: 1\ndefault: 1\n"},
    {"console.assert(1===2, 'nope %d', 5); console.assert(false); console.assert(true, 'no')"
     "; console.assert(0, {a: 1});",
     "Assertion failed: nope 5\nAssertion failed\nAssertion failed: [object Object]\n"},
    {"console.dir({a:{b:{c:{d:1}}}}, {depth:0}); console.dir({a:{b:{c:{d:1}}}}); console.dir"
     "xml([1, 'x']);",
     "{ a: [Object] }\n{ a: { b: { c: [Object] } } }\n[ 1, 'x' ]\n"},
    {"console.log('%s=%d %i %f %j %o %O %%', 's', 4.5, '42px', '1.5', {a:[1]}, 'str', {b:2},"
     " 'extra');",
     "s=4.5 42 1.5 {\"a\":[1]} 'str' { b: 2 } % extra\n"},
    {"console.log({ s: 'x'.repeat(5), n: [1, 2, 3], nested: { a: { b: { c: {} } } }, f() {},"
     " sym: Symbol('q'), u: undefined, d: new Date(0), r: /re/g, e: null });",
     "{\n  s: 'xxxxx',\n  n: [ 1, 2, 3 ],\n  nested: { a: { b: [Object] } },\n  f: [Function"
     ": f],\n  sym: Symbol(q),\n  u: undefined,\n  d: 1970-01-01T00:00:00.000Z,\n  r: /re/g,"
     "\n  e: null\n}\n"},
    {"const a = [1]; a.push(a); const o = { a }; o.o = o; console.log(o);",
     "<ref *2> { a: <ref *1> [ 1, [Circular *1] ], o: [Circular *2] }\n"},
    {"console.log(new Array(120).fill(7)); console.log(Array.from({length: 30}, (_, i) => 'i"
     "tem' + i));",
     "[\n  7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,\n  7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,\n  7, "
     "7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,\n  7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,\n  7, 7, 7, 7,"
     " 7, 7, 7, 7, 7, 7, 7, 7,\n  7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,\n  7, 7, 7, 7, 7, 7, 7"
     ", 7, 7, 7, 7, 7,\n  7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,\n  7, 7, 7, 7,\n  ... 20 more "
     "items\n]\n[\n  'item0',  'item1',  'item2',\n  'item3',  'item4',  'item5',\n  'item6'"
     ",  'item7',  'item8',\n  'item9',  'item10', 'item11',\n  'item12', 'item13', 'item14'"
     ",\n  'item15', 'item16', 'item17',\n  'item18', 'item19', 'item20',\n  'item21', 'item"
     "22', 'item23',\n  'item24', 'item25', 'item26',\n  'item27', 'item28', 'item29'\n]\n"},
    {"class Point { constructor() { this.x = 1; this.y = 2 } }; console.log(new Point(), [ne"
     "w Point()], Object.create(null), new (class extends Map {})());",
     "Point { x: 1, y: 2 } [ Point { x: 1, y: 2 } ] [Object: null prototype] {} Map(0) {}\n"},
    {"console.info(Buffer.from('buf')); console.debug(new URL('https://a.b/c?d=1#e')); conso"
     "le.warn(new URLSearchParams('a=1&b=2')); console.error(new Headers({a: '1'}));",
     "<Buffer 62 75 66>\nURL {\n  href: 'https://a.b/c?d=1#e',\n  origin: 'https://a.b',\n  "
     "protocol: 'https:',\n  username: '',\n  password: '',\n  host: 'a.b',\n  hostname: 'a."
     "b',\n  port: '',\n  pathname: '/c',\n  search: '?d=1',\n  searchParams: URLSearchParam"
     "s { 'd' => '1' },\n  hash: '#e'\n}\nURLSearchParams { 'a' => '1', 'b' => '2' }\nHeader"
     "s { a: '1' }\n"},
    {"console.log(new Blob(['abc'], {type: 'text/plain'}), new File(['z'], 'z.txt', {lastMod"
     "ified: 1}));",
     "Blob { size: 3, type: 'text/plain' } File { size: 1, type: '', name: 'z.txt', lastModi"
     "fied: 1 }\n"},
    {"console.log(new Response('x', {status: 201}).status, new Map([[{a: 1}, [1, 2]]]), new "
     "Set([[1], {b: 2}]), [undefined, , 3], { 'key with space': 1, valid_id: 2 });",
     "201 Map(1) { { a: 1 } => [ 1, 2 ] } Set(2) { [ 1 ], { b: 2 } } [ undefined, <1 empty i"
     "tem>, 3 ] { 'key with space': 1, valid_id: 2 }\n"},
    {"const fd = new FormData(); fd.append('a', '1'); console.log(fd);", "FormData { a: '1' }\n"},
    {"console.log(require('util').inspect('a\\nb\\'c'), require('util').inspect(new Error('e"
     "').message), require('util').inspect([1, [2, [3, [4, [5]]]]], { depth: Infinity }));",
     "\"a\\nb'c\" 'e' [\n  1,\n  [\n    2,\n    [ 3, [ 4, [ 5 ] ] ]\n  ]\n]\n"},
    {"process.stdout.write('no newline'); process.stdout.write(' then newline\\n'); process."
     "stderr.write('err\\n');",
     "no newline then newline\nerr\n"},
};

static void test_console(void **state) {
  h_run_log_table(console_cases, sizeof(console_cases) / sizeof(console_cases[0]));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_console),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
