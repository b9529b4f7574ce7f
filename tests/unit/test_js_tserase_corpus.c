/* Unit tests for the TypeScript eraser (js/ts_erase): the bugs e2e typescript-differential
 * found in real code (npm packages' TypeScript sources against ts.transpileModule), each
 * reduced to an input and the exact JavaScript TypeScript's output tokenises to, on the
 * source's lines. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "test_js_tserase.h"

/* An arrow's return type on a line of its own (effect, zod): JavaScript allows no line
 * break before `=>`, so the arrow moves up to the parameters' ')'. */
static const erase_case_t arrow_line_cases[] = {
    {"const f = (a: number)\n  : number => a", "const f = (a        ) =>\n              a"},
    {"const g = async <T,>(x: T)\n: Promise<T> => x, h = 1",
     "const g = async     (x   ) =>\n                x, h = 1"},
    {"const s = <S extends object>(\n  s: S\n): Array<\n  S\n> => {\n  return [s]\n}",
     "const s =                   (\n  s   \n) =>        \n   \n     {\n  return [s]\n}"},
    /* On one line nothing moves. */
    {"const t = (a: number): number => a", "const t = (a        )         => a"},
};

/* `<<` opening two angles in a type (Redux Toolkit's `ReturnType<<T>() => T>`), as
 * TypeScript rescans it; `<=` stays an operator after a type. */
static const erase_case_t angle_cases[] = {
    {"type R = ReturnType<<T>() => T>;", "                                "},
    {"const k = f<<T>() => T>(x);", "const k = f            (x);"},
    {"let m = a << 2, n = (y as number) <= 3;", "let m = a << 2, n =  y            <= 3;"},
};

/* An import used only in a computed property name of an interface or object type stays,
 * as TypeScript keeps it (immer's `[DRAFT_STATE]: T`); one used only inside `declare`,
 * an index signature's parameter or a mapped type's key goes. */
static const erase_case_t computed_key_cases[] = {
    {"import { A } from \"a\"; import { B } from \"b\";\n"
     "interface I { [A]: number; [k: string]: unknown }\ntype M = { [K in B]: 1 };",
     "import { A } from \"a\";                       \n"
     "                                                 \n                         "},
    {"import { C } from \"c\"; import { D } from \"d\";\n"
     "declare class X { [C]: number }\nlet v: { readonly [D.key]?: string };",
     "                       import { D } from \"d\";\n"
     "                               \nlet v                               ;"},
    /* After a line break, `[X]` is a member only where one can start, not a tuple type. */
    {"import { E } from \"e\"; import { F } from \"f\";\ntype T = {\n  a:\n    [E]\n  b: F |\n    "
     "[E]\n  c: 1\n  [F]: 2\n};",
     "                       import { F } from \"f\";\n          \n    \n       \n        \n       "
     "\n      \n        \n  "},
};

/* The inner names of a dotted namespace at the top level are `var`s, as TypeScript
 * declares them (they were `let`). */
static const erase_case_t namespace_cases[] = {
    {"namespace A.B { export const c = 1 }",
     "var A; (function (A) {var B; (function (B) {        const c = 1;B.c = c; })(B = A.B || "
     "(A.B = {}));})(A || (A = {}));"},
};

/* An enum member initialised from another enum of the file is folded to its value, as
 * TypeScript folds it (it was copied as `E.X`). */
static const erase_case_t enum_cases[] = {
    {"enum E { X = 1, Y = \"y\" }\nenum F { P = E.X, Q, R = E.Y, S = F.P << 2 }",
     "var E; (function (E) {E[E[\"X\"] = 1] = \"X\";E[\"Y\"] = \"y\";})(E || (E = {}));\n"
     "var F; (function (F) {F[F[\"P\"] = 1] = \"P\";F[F[\"Q\"] = 2] = \"Q\";F[\"R\"] = \"y\";"
     "F[F[\"S\"] = 4] = \"S\";})(F || (F = {}));"},
    /* A member TypeScript cannot fold is copied, names qualified. */
    {"enum G { A = E.Unknown }",
     "var G; (function (G) {G[G[\"A\"] = E.Unknown] = \"A\";})(G || (G = {}));"},
};

TABLE_TEST(arrow_line)
TABLE_TEST(angle)
TABLE_TEST(computed_key)
TABLE_TEST(namespace)
TABLE_TEST(enum)

/* `using` declarations (tRPC): TypeScript rewrites them for ES2022, JavaScriptCore does
 * not parse them; refused where they start. `using` as a plain name still erases. */
static void test_using(void **state) {
  (void)state;
  expect_error("let x = 1\n{ using r = f() }", 2, 3, "'using' declarations are not supported");
  expect_error("async function f() { await using r = g() }", 1, 22, "'using' declarations");
  expect_error("for (using x of y) {}", 1, 6, "'using' declarations");
  expect_error("async function f() { for (await using x of y) {} }", 1, 27, "'using' declarations");
  static const erase_case_t plain[] = {
      {"const using = 1, of = 2\nusing\nx = 3", "const using = 1, of = 2\nusing\nx = 3"},
      {"for (using of []) {}\nlet y = using instanceof Object",
       "for (using of []) {}\nlet y = using instanceof Object"},
  };
  check_cases(plain, sizeof(plain) / sizeof(plain[0]));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_arrow_line),   cmocka_unit_test(test_angle),
      cmocka_unit_test(test_computed_key), cmocka_unit_test(test_namespace),
      cmocka_unit_test(test_enum),         cmocka_unit_test(test_using),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
