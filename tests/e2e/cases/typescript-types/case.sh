# ctest-timeout: 300
# Types for editors (issue 14): sonde's declarations (types/ at the top of the project,
# installed to share/sonde/types) type-check a corpus of typed spec files, step files and
# configs with `tsc --noEmit` (npm typescript@5 and @types/node are test-time dependencies;
# the types folder is installed into the case's node_modules as a user would, `npm install
# <dir>`), one project per framework, the mocha one also with @types/node instead of
# sonde-types/node, and examples/typescript. Each project's typeonly/ files hold deliberate
# mistakes, one `// @ts-expect-error` line each, so tsc fails if one of them stops being an
# error; the case also checks that without those lines tsc reports exactly those lines. The
# typed mocha, jasmine and cucumber suites then run under sonde, so the declarations
# describe what sonde really provides. Without npm or the registry the tsc part is skipped
# (the suites still run).
TYPES_DIR=$(cd "$E2E_LIB_DIR/../../types" && pwd -P)
projects=(mocha jasmine cucumber)

if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  echo "e2e: SKIP [$CASE_NAME] tsc part: npm or node is not available"
elif ! timeout 180 npm install --no-audit --no-fund --loglevel=error --prefix "$PWD" \
  typescript@5 @types/node@22 "$TYPES_DIR" >"$E2E_TMP/npm.log" 2>&1; then
  echo "e2e: SKIP [$CASE_NAME] tsc part: npm install failed (no registry?):"
  sed 's/^/  | /' "$E2E_TMP/npm.log" | tail -n 5
else
  [[ -f node_modules/sonde-types/index.d.ts ]] || fail 'npm did not install the types folder as sonde-types'
  # With @types/node instead of sonde-types/node: the declarations do not clash.
  node_modules/.bin/tsc -p mocha/tsconfig.node.json >"$E2E_TMP/tsc-node.log" 2>&1 ||
    fail "tsc -p mocha/tsconfig.node.json reports errors:$(printf '\n'; sed 's/^/  | /' "$E2E_TMP/tsc-node.log")"
  for p in "${projects[@]}"; do
    node_modules/.bin/tsc -p "$p" >"$E2E_TMP/tsc-$p.log" 2>&1 ||
      fail "tsc -p $p reports errors:$(printf '\n'; sed 's/^/  | /' "$E2E_TMP/tsc-$p.log")"
    # The same project with every @ts-expect-error line blanked: exactly the lines after
    # them are errors (each mistake is reported, and nothing else is).
    want=$(grep -Hn '@ts-expect-error' "$p"/typeonly/*.ts | awk -F: '{print $1 ":" $2 + 1}' | sort)
    [[ -n $want ]] || fail "$p/typeonly has no deliberate mistakes"
    sed -i 's#^\( *\)// @ts-expect-error.*#\1// (a mistake follows)#' "$p"/typeonly/*.ts
    node_modules/.bin/tsc -p "$p" >"$E2E_TMP/tsc-$p-mistakes.log" 2>&1 && fail "tsc -p $p found none of the mistakes"
    got=$(sed -n 's/^\([^ (]*\)(\([0-9]*\),[0-9]*): error .*/\1:\2/p' "$E2E_TMP/tsc-$p-mistakes.log" | sort -u)
    expect_eq "$got" "$want" "the lines tsc reports in $p without @ts-expect-error"
    echo "e2e: [$CASE_NAME] $p: tsc passes; $(wc -l <<<"$want") deliberate mistakes reported"
  done
  # The TypeScript examples (make demo runs them) type-check with the declarations too.
  for p in examples/typescript examples/typescript/jasmine; do
    node_modules/.bin/tsc -p "$TYPES_DIR/../$p" >"$E2E_TMP/tsc-examples.log" 2>&1 ||
      fail "tsc -p $p reports errors:$(printf '\n'; sed 's/^/  | /' "$E2E_TMP/tsc-examples.log")"
    echo "e2e: [$CASE_NAME] $p: tsc passes"
  done
fi

run_sonde run mocha/sonde.conf.ts
expect_status 0
expect_out 'PREPARE mocha 1'
expect_out '[0-0] PASSED in api - mocha/specs/api.spec.ts'
expect_out_re '^\[api #0-0\]    ✓ reads typed users'
expect_out_re '^\[api #0-0\]    ✓ creates a user and checks it against a schema'
expect_out_re '^\[api #0-0\]    ✓ uses a second client, interceptors and apiMatchers'
expect_out_re '^\[api #0-0\]        ✓ takes done'
expect_out '[api #0-0] 5 passing'
expect_out '[api #0-0] 1 skipped'
expect_out '[0-1] PASSED in api - mocha/specs/helpers.spec.ts'
expect_out_re '^\[api #0-1\]    ✓ adds credentials with the auth helpers'
expect_out_re '^\[api #0-1\]    ✓ measures requests with the metrics collector'
expect_out_re '^\[api #0-1\]    ✓ records a HAR'
expect_out_re '^\[api #0-1\]    ✓ has the stub browser of API mode'
expect_out_re '^\[api #0-1\]    ✓ shares values through the shared store'
expect_out '[api #0-1] 6 passing'

run_sonde run mocha/graphql.conf.ts
expect_status 0
expect_out_re '^\[api #0-0\]    ✓ queries with typed data'
expect_out_re '^\[api #0-0\]    ✓ subscribes over SSE with a second client'
expect_out '[api #0-0] 3 passing'

run_sonde run jasmine/sonde.conf.ts
expect_status 0
expect_out '[0-0] PASSED in api - jasmine/specs/users.spec.ts'
expect_out_re '^\[api #0-0\]    ✓ checks responses with the API matchers'
expect_out_re '^\[api #0-0\]    ✓ spies on a typed client'
expect_out '[api #0-0] 3 passing'
expect_no_out 'never runs'

run_sonde run cucumber/sonde.conf.ts
expect_status 0
expect_out '[0-0] PASSED in api - cucumber/features/users.feature'
expect_out_re "^\[api #0-0\]        ✓ And the new user has the world's role"
expect_out_re '^\[api #0-0\]        ✓ And a numbered user 2 is "Grace Hopper"'
expect_out '[api #0-0] 2 passing'
