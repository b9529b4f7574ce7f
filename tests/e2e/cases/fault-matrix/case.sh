# The fault matrix (issue 13): every fault in one run with the spec, junit, allure and json
# reporters together (refused, reset before and mid-body, truncated, slow body past the
# timeout, a 5xx sequence, 429 + Retry-After, invalid JSON, a body over maxBodySize and a
# 4 MB one (100 MB bodies: http-large-bodies), a self-signed certificate with and without
# NODE_TLS_REJECT_UNAUTHORIZED=0, a worker killed, a syntax error, a hook that never
# resolves, process.exit), then Ctrl-C during a run and a worker out of memory. For each:
# the exit code, the message, every report well-formed and holding every test, and no
# other spec's results lost.
listeners=$(http_get listeners)
TLS_PORT=$(printf '%s' "$listeners" | grep -oE '"https":[0-9]+' | cut -d: -f2)
[[ -n $TLS_PORT && $TLS_PORT != 0 ]] || fail "the test server runs no TLS listener: $listeners"
export TLS_PORT
unset NODE_TLS_REJECT_UNAUTHORIZED

# reports_well_formed: every junit file is XML, every json and allure file is JSON.
reports_well_formed() {
  local f
  for f in reports/junit/*; do
    xmllint --noout "$f" 2>"$E2E_TMP/lint" || fail "junit $f is not well-formed: $(cat "$E2E_TMP/lint")"
  done
  for f in reports/json/* reports/allure/*.json; do
    jq -e . "$f" >/dev/null 2>"$E2E_TMP/lint" || fail "$f is not JSON: $(cat "$E2E_TMP/lint")"
  done
}

run_sonde run sonde.conf.js
expect_status 1
expect_out_re 'Spec Files:	 1 passed, 13 failed, 14 total \(100% completed\)'
reports_well_formed

# Each fault's message, as the spec reporter prints the failure.
expect_out 'Connection refused'
expect_out_re 'conn-reset\?after=0 failed: .*Connection reset by peer'
expect_out_re 'conn-reset\?after=200000 failed: Recv failure: Connection reset by peer'
expect_out 'the server closed the connection before the whole body arrived'
expect_out 'Request timeout after 300ms'
expect_out 'expected 200, got 500'
expect_out 'invalid JSON body kept as text'
expect_out 'exceeds maxBodySize of'
expect_out_re 'CERT|certificate'
expect_out 'the worker process was killed by signal 9 (Killed)'
expect_out_re 'SyntaxError'
expect_out_re 'Timeout of 300ms exceeded'
expect_out 'process.exit(0) was called in specs/process-exit.spec.js: the spec file ended there'

# Every test that ran is in every report, failed or passed as it ended.
junit=$(cat reports/junit/*)
json=$(cat reports/json/*)
allure=$(cat reports/allure/*-result.json)
for t in 'passes against the server' 'connects to a closed port' 'gets a reset before the response' \
  'gets a reset in the body' 'gets a body cut short' 'times out while the body arrives' \
  'retries a 5xx sequence to success' 'honours 429 Retry-After' 'fails on a 500 it may not retry' \
  'reads a body that is not the JSON it claims' 'refuses a body over maxBodySize' 'reads a 4 MB body' \
  'refuses a self-signed certificate' 'passes before the kill' 'is killed' 'passes before the exit' \
  'calls process.exit(0)'; do
  # junit names keep letters, digits and single spaces (WebdriverIO's junit reporter)
  jt=$(sed -E 's/[^A-Za-z0-9]+/ /g; s/^ //; s/ $//' <<<"$t")
  [[ $junit == *"name=\"$jt\""* ]] || fail "junit lost '$jt'"
  [[ $json == *"\"name\": \"$t\""* ]] || fail "json lost '$t'"
  [[ $allure == *"\"name\":\"$t\""* || $allure == *"\"name\": \"$t\""* ]] || fail "allure lost '$t'"
done
# The hook that never resolved and the file that did not load are reported too.
[[ $junit == *'before all'*'hook'* ]] || fail 'junit has no failed before-all hook'
[[ $json == *'SyntaxError'* ]] || fail 'json has no load error'
# (sonde-timings.json beside the reports holds no suites.)
passed=$(jq '[.suites[]?.tests[] | select(.state == "passed")] | length' reports/json/* |
  awk '{ n += $1 } END { print n }')
expect_eq "$passed" 6 'passed tests in the json reports'

# The self-signed certificate is accepted with NODE_TLS_REJECT_UNAUTHORIZED=0 (the test
# expects a failure, so it fails on the success: the request went through).
rm -rf reports
NODE_TLS_REJECT_UNAUTHORIZED=0 run_sonde run sonde.conf.js --spec specs/tls.spec.js
expect_status 0
expect_err 'NODE_TLS_REJECT_UNAUTHORIZED'
reports_well_formed

# Ctrl-C while a test waits on the server: exit 130, the finished test kept, the reports
# complete and well-formed.
rm -rf reports
: >"$OUT"
set -m
"$SONDE" run slow.conf.js </dev/null >"$OUT" 2>"$ERR" &
pid=$!
set +m
E2E_SONDE_PID=$pid
for ((i = 0; i < 300; i++)); do grep -q 'SLOW STARTED' "$OUT" && break; sleep 0.1; done
grep -q 'SLOW STARTED' "$OUT" || fail 'the slow spec did not start within 30 s'
kill -INT -- "-$pid"
STATUS=0
wait "$pid" || STATUS=$?
E2E_SONDE_PID=
expect_status 130
# The launcher handles it: the workers ignore SIGINT and are stopped by the launcher, so
# none dies of the signal before the launcher has seen it (that run ended 1, as a crash).
expect_err 'SIGINT received: stopping the workers'
expect_out_re '✓ finishes before the signal'
reports_well_formed
[[ $(cat reports/junit/*) == *'name="finishes before the signal"'* ]] || fail 'junit lost the finished test'

# A worker out of memory: its address space capped once its test has started.
rm -rf reports
: >"$OUT"
"$SONDE" run oom.conf.js </dev/null >"$OUT" 2>"$ERR" &
pid=$!
E2E_SONDE_PID=$pid
for ((i = 0; i < 300; i++)); do grep -q 'OOM PID' "$OUT" && break; sleep 0.1; done
wpid=$(grep -oE 'OOM PID [0-9]+' "$OUT" | awk '{print $3}')
[[ -n $wpid ]] || fail 'the oom spec did not start within 30 s'
vsz=$(awk '/^VmSize:/ {print $2}' "/proc/$wpid/status")
prlimit --pid "$wpid" --as=$(((vsz + 256 * 1024) * 1024)) || fail "prlimit failed on $wpid"
STATUS=0
wait "$pid" || STATUS=$?
E2E_SONDE_PID=
expect_status 1
expect_out_re 'Out of memory|killed by signal|exited with code'
expect_out_re '✓ passes'
expect_out_re '✖ allocates past its address-space limit'
reports_well_formed
