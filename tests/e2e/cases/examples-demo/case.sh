# The bundled example suite passes against the project's API server, both when run
# directly and through scripts/demo.sh (what `make demo` runs), which starts its own server.
repo=$(cd "$CASE_DIR/../../../.." && pwd -P)

run_sonde run "$repo/examples/sonde.conf.js"
expect_status 0
expect_out "RUNNING in api - "
expect_out_re 'Spec Files:	 4 passed, 4 total \(100% completed\)'
# the contract spec: the coverage table of examples/openapi/users.yaml follows the summary
expect_out_re '^OpenAPI coverage of .*examples/openapi/users.yaml: 7 of 14 documented responses exercised \(50.0%\)$'
expect_out_re '^  GET /protected      200      never called$'
expect_no_out "failing"

# The cucumber example: a feature file with its step definitions; the @wip scenario is
# left out by the config's tag expression.
run_sonde run "$repo/examples/cucumber.conf.js"
expect_status 0
expect_out_re 'Spec Files:	 1 passed, 1 total \(100% completed\)'
expect_out_re '^\[api #0-0\]    ✓ an invalid user is refused \(unknown role\)'
expect_out_re '^\[api #0-0\]        ✓ And the response lists these users:$'
expect_out_re '^\[api #0-0\] 5 passing'
expect_no_out 'renamed'

# The jasmine example: jasmine's expect with the API matchers, spies, a random order.
run_sonde run "$repo/examples/jasmine.conf.js"
expect_status 0
expect_out_re 'Spec Files:	 1 passed, 1 total \(100% completed\)'
expect_out_re '^\[api #0-0\] Randomized with seed [0-9]{5}$'
expect_out_re '^\[api #0-0\]        ✓ sees each call'
expect_out_re '^\[api #0-0\] 5 passing'

# The GraphQL example: queries, a mutation and an SSE subscription against the test
# server's demo GraphQL endpoint.
run_sonde run "$repo/examples/graphql.conf.js"
expect_status 0
expect_out_re '^\[api #0-0\]    ✓ counts down over a subscription'
expect_out_re '^\[api #0-0\] 5 passing'

# The TypeScript variants: a sonde.conf.ts, typed specs and a typed helper (with an enum and
# a parameter property), the feature's steps in TypeScript with a typed World, and the
# jasmine example; loaded with no build step. (e2e typescript-types type-checks them.)
run_sonde run "$repo/examples/typescript/sonde.conf.ts"
expect_status 0
expect_out_re 'Spec Files:	 2 passed, 2 total \(100% completed\)'
expect_out_re '^\[api #0-[01]\]    ✓ fetches one user that matches the schema'
expect_out_re '^\[api #0-[01]\]        ✓ is gone after DELETE'
run_sonde run "$repo/examples/typescript/cucumber.conf.ts"
expect_status 0
expect_out_re 'Spec Files:	 1 passed, 1 total \(100% completed\)'
expect_out_re '^\[api #0-0\]        ✓ And the response lists these users:$'
expect_out_re '^\[api #0-0\] 5 passing'
run_sonde run "$repo/examples/typescript/jasmine.conf.ts"
expect_status 0
expect_out_re '^\[api #0-0\]    ✓ sees each call through a spy'
expect_out_re '^\[api #0-0\] 4 passing'

demo_out=$(bash "$repo/scripts/demo.sh" "$(dirname "$SONDE")" 2>&1) || fail "scripts/demo.sh failed: $demo_out"
grep -qE 'Spec Files:	 4 passed, 4 total' <<<"$demo_out" || fail "demo summary missing: $demo_out"
grep -qE '^OpenAPI coverage of examples/openapi/users.yaml: ' <<<"$demo_out" || fail "demo coverage table missing: $demo_out"
grep -qE 'Spec Files:	 1 passed, 1 total' <<<"$demo_out" || fail "cucumber demo summary missing: $demo_out"
grep -qE 'Randomized with seed' <<<"$demo_out" || fail "jasmine demo missing: $demo_out"
grep -qE 'Spec Files:	 2 passed, 2 total' <<<"$demo_out" || fail "TypeScript demo summary missing: $demo_out"
expect_eq "$(grep -c 'PASSED in api - examples/typescript/' <<<"$demo_out")" 3 'TypeScript spec files the demo passed (2 mocha, 1 jasmine)'
expect_eq "$(grep -c 'PASSED in api - examples/features/users.feature' <<<"$demo_out")" 2 'runs of the feature (JavaScript and TypeScript steps)'

