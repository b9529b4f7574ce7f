# shellcheck shell=bash disable=SC2034 # STATUS and E2E_LAST_CMD belong to lib.sh
# ctest-timeout: 240
# The benchmark (bench/run.sh, `make bench`) in its smoke mode, so it cannot rot: a tiny
# workload, one run of each measurement, sonde only (no npm, no peers), no timing
# assertions. It builds bench/rsswrap.c and bench/floor.c with cc, serves the document
# from its own nginx when nginx is installed and from the test server otherwise, and must
# print every section of its report.
root=$(cd "$CASE_DIR/../../../.." && pwd -P)
args=(--smoke)
if ! command -v nginx >/dev/null 2>&1 && [[ ! -x /usr/sbin/nginx ]]; then
  args+=(--url "$API_BASE_URL" --path /health) # {"status":"ok"}, application/json
fi
# The bench traces its runners with ptrace to measure every process's peak RSS, and
# LeakSanitizer's exit check needs ptrace itself: under the sanitizer build leak
# detection is off for these runs (every other case still checks for leaks).
E2E_LAST_CMD=$(printf '%q ' env SONDE="$SONDE" bash "$root/bench/run.sh" "${args[@]}")
STATUS=0
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 SONDE=$SONDE \
  timeout -k 5 200 bash "$root/bench/run.sh" "${args[@]}" </dev/null >"$OUT" 2>"$ERR" || STATUS=$?

expect_status 0
expect_out 'SMOKE MODE'
expect_out_re '^sonde \(2 workers\) +[0-9.]+ s '
expect_out_re '^sonde \(1 worker\) +[0-9.]+ s '
expect_out_re '^sonde, \.ts specs \(2 workers\) +[0-9.]+ s '
expect_out_re '^  worker CPU time:  TypeScript [0-9.]+ s, JavaScript [0-9.]+ s: [0-9.]+×$'
expect_out_re '^  TypeScript worker CPU ≤ 1\.05× JavaScript.s: [0-9.]+×  (met|MISSED)$'
expect_out_re '^  worker CPU time:  jasmine [0-9.]+ s, mocha [0-9.]+ s: [0-9.]+×$'
expect_out_re '^  jasmine worker CPU ≤ 1\.10× mocha.s: +[0-9.]+×  (met|MISSED)$'
expect_out_re '^  sonde +[0-9.]+ ms'
expect_out_re '^  floor: one process, 1 GET +[0-9.]+ ms'
expect_out_re '^  floor: loading only +[0-9.]+ ms'
expect_out_re '^  cold start ≤ 20 ms: +[0-9.]+ ms  (met|MISSED) \(its floor [0-9.]+ ms: sonde [0-9.]+× the floor\)$'
expect_out_re '^  every sonde process ≤ 30 MB peak RSS on [0-9]+ tests: largest [0-9.]+ MB  (met|MISSED) \(largest in any run of this sitting: [0-9.]+ MB\)$'
expect_out_re '^  floor: +[0-9.]+ s = [0-9.]+ µs per request'
expect_out_re 'marginal: .* µs per test'
expect_out_re '^ +12 tests: '
expect_out_re '^  sonde, maxInstances 2 +[0-9.]+ s +[0-9.]+ s '
expect_out_re '^  sonde, maxInstances 4 +[0-9.]+ s +[0-9.]+ s '
expect_out_re '^sonde \(2 workers\) .* [0-9.]+ MB +[0-9.]+ MB$'
expect_out_re '^per-file overhead \(4 files of 1 trivial test vs 1 file of 4; '
expect_out_re '^  sonde worker: +-?[0-9.]+ ms per file '
expect_out_re '^  bare JavaScriptCore: +-?[0-9.]+ ms per file '
expect_out_re '^  per-file worker CPU ≤ 1\.5× a bare JavaScriptCore context.s: (-?[0-9.]+|-)×  (met|MISSED)$'
expect_out 'budget (issue 18; ratios measured in this sitting):'
expect_out_re "^  the floors' CPU time: +libcurl [0-9.]+ µs \\+ JavaScriptCore [0-9.]+ µs = [0-9.]+ µs per test$"
expect_out_re "^  CPU per test ≤ 1\\.5× the JavaScriptCore \\+ libcurl floors' CPU: [0-9.]+ µs vs [0-9.]+ µs = [0-9.]+×  (met|MISSED)$"
expect_out_re "^  launcher CPU per test ≤ 1/4 of the workers': launcher [0-9.]+ s, workers [0-9.]+ s for [0-9]+ tests: [0-9.]+  (met|MISSED)$"
expect_out_re '^OpenAPI check \([0-9]+ tests, each GET /users/1 of sonde-testserver'
expect_out_re "^  sonde, no OpenAPI check +[0-9.]+ s +[0-9.]+ s$"
expect_out_re "^  sonde, OpenAPI validate 'all' +[0-9.]+ s +[0-9.]+ s$"
expect_out_re '^  validation CPU: -?[0-9.]+ µs per response = -?[0-9.]+% of the request.s CPU'
expect_out 'budget (issue 20):'
expect_out_re '^  OpenAPI validation CPU ≤ 20% of the request.s: -?[0-9.]+%  (met|MISSED)$'
expect_out 'budget (issue 8):'
expect_out 'bench: smoke run complete'
expect_no_err 'bench: sonde on'
