# The differential test of contract checking (issue 20): response bodies judged by sonde's
# toSatisfyApiSpec and by openapi-response-validator (npm, test-time only) must agree on
# valid/invalid for every document/response pair. The corpus: the public Petstore documents
# (OpenAPI 3.0, 3.1 and Swagger 2.0, from @readme/oas-examples) and others of that package,
# and the test server's own (corpus/testserver-30.json); oracle.js makes, for each
# documented JSON response, a body satisfying its schema and mutations that do not.
# Disagreements must be in known-differences.json with the other validator's bug. Without
# npm or the registry the case is skipped.
# ctest-timeout: 600
if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  echo "e2e: SKIP [$CASE_NAME]: npm or node is not available"
  exit 0
fi
if ! timeout 300 npm install --no-audit --no-fund --loglevel=error --prefix "$PWD" \
  openapi-response-validator@12.1.3 @readme/oas-examples@8.2.2 >"$E2E_TMP/npm.log" 2>&1; then
  echo "e2e: SKIP [$CASE_NAME]: npm install failed (no registry?):"
  sed 's/^/  | /' "$E2E_TMP/npm.log" | tail -n 5
  exit 0
fi
E=node_modules/@readme/oas-examples
node oracle.js $E/3.0/json/petstore.json $E/3.1/json/petstore.json $E/2.0/json/petstore.json \
  $E/3.0/json/petstore-expanded.json $E/2.0/json/petstore-expanded.json \
  $E/3.0/json/schema-additional-properties.json $E/3.0/json/polymorphism.json \
  $E/3.0/json/response-schemas.json $E/3.0/json/circular.json corpus/testserver-30.json \
  >"$E2E_TMP/oracle.log" 2>&1 || fail "oracle.js failed: $(cat "$E2E_TMP/oracle.log")"

run_sonde run sonde.conf.js
expect_status 0
expect_no_err 'Sanitizer'
node compare.js "$OUT" >"$E2E_TMP/compare.log" 2>&1
status=$?
cat "$E2E_TMP/compare.log"
expect_eq "$status" 0 'disagreements with openapi-response-validator outside known-differences.json'
