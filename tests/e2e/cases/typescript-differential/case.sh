# ctest-timeout: 600
# The large differential of issue 14: every TypeScript source file a set of npm packages
# publishes (rxjs, Redux Toolkit, MobX, immer, TanStack Query and Router, effect, zod, tRPC:
# about 1 400 files of real code, versions pinned below), plus e2e typescript-oracle's
# hand-written corpus, is erased by sonde's eraser (the test tool sonde-ts-erase, built
# beside sonde) and compiled by TypeScript's own ts.transpileModule (npm typescript@5,
# isolatedModules, target ES2022); both must give the same JavaScript token sequence (acorn's
# tokenizer; whitespace, comments, semicolons and trailing commas aside), and every token
# sonde leaves must stand on its source line (compare.js says what else is normalised: the
# parentheses TypeScript drops with an assertion, a namespace's exported constants). The
# pass count is printed; every file must pass except those known-differences.md documents.
# Node, npm and the packages are test-time dependencies in build-oracles/ (git-ignored);
# without npm or the registry the case is skipped.
if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  echo "e2e: SKIP [$CASE_NAME]: node and npm are needed for the TypeScript oracle"
  return 0
fi
eraser=$(dirname "$SONDE")/sonde-ts-erase
[[ -x $eraser ]] || fail "the test tool sonde-ts-erase is not built beside sonde ($eraser)"
packages=(typescript@5.9.3 acorn@8.15.0 rxjs@7.8.1 @reduxjs/toolkit@2.3.0 redux@5.0.1
  reselect@5.3.0 redux-thunk@3.1.0 mobx@6.13.5 immer@10.1.1 @tanstack/query-core@5.59.0
  @tanstack/router-core@1.171.39 effect@3.22.4 zod@4.6.7 @trpc/server@11.25.2)
# Beside the build folders (build-oracles/ is git-ignored as build*/), shared by the builds;
# installed again when the pinned list changes.
oracle=$(cd "$(dirname "$SONDE")/.." && pwd)/build-oracles/ts-corpus
stamp=$(printf '%s\n' "${packages[@]}" | sha256sum | cut -c1-16)
if [[ ! -f $oracle/.installed-$stamp ]]; then
  rm -rf "$oracle"
  mkdir -p "$oracle"
  if ! timeout 500 npm install --no-audit --no-fund --ignore-scripts --loglevel=error \
    --prefix "$oracle" "${packages[@]}" >"$E2E_TMP/npm.log" 2>&1; then
    echo "e2e: SKIP [$CASE_NAME]: npm could not install the corpus (no registry?):"
    sed 's/^/  | /' "$E2E_TMP/npm.log" | tail -n 5
    return 0
  fi
  touch "$oracle/.installed-$stamp"
fi
cp corpus.txt "$E2E_TMP/corpus.txt"
echo "dir $E2E_LIB_DIR/cases/typescript-oracle/corpus" >>"$E2E_TMP/corpus.txt"
status=0
node compare.js "$oracle" "$eraser" "$E2E_TMP/erased" "$E2E_TMP/corpus.txt" known-differences.md \
  >"$E2E_TMP/compare.log" 2>&1 || status=$?
sed 's/^/e2e: ['"$CASE_NAME"'] /' "$E2E_TMP/compare.log"
expect_eq "$status" 0 'the differential passes (every FAIL line above is an eraser bug or a new known difference)'
grep -q '^typescript 5\.[0-9.]*: [0-9][0-9]*/[0-9][0-9]* files' "$E2E_TMP/compare.log" ||
  fail 'compare.js printed no pass count'
