# junit: one document per job, valid against the schema Jenkins' xUnit plugin uses
# (../shared/conformance/junit/junit-10.xsd) even with & < > " control characters and
# escape codes in titles, messages and bodies, for a worker that died mid-test and for a
# spec file that did not load; failed tests carry the message, the stack and their
# exchanges (masked); files are named by outputFileFormat and written whole.
require_shared conformance/junit/junit-10.xsd
XSD=$SHARED_DIR/conformance/junit/junit-10.xsd

validate() {
  e2e_check
  xmllint --noout --nonet --schema "$XSD" "$1" 2>"$E2E_TMP/xmllint.log" ||
    fail "$1 does not validate against junit-10.xsd:"$'\n'"$(cat "$E2E_TMP/xmllint.log")"$'\n'"$(cat "$1")"
}

run_sonde run sonde.conf.js
expect_status 1
expect_out "[0-1] FAILED in api - specs/b-crash.spec.js"
D=reports/junit
for f in "$D/results-0-0-api.xml" "$D/results-0-1-api.xml" "$D/results-0-2-api.xml"; do
  expect_file "$f"
  validate "$f"
done
expect_eq "$(find "$D" -name '*.tmp*' | wc -l)" 0 'no temporary file is left behind'

A=$D/results-0-0-api.xml
expect_file_contains "$A" '<testsuites tests="3" failures="1" errors="0" time="'
expect_file_contains "$A" '<testsuite name="Users admins quoted" timestamp="'
expect_file_contains "$A" 'tests="3" failures="1" errors="0" skipped="1">'
expect_file_contains "$A" '<property name="suiteName" value="Users &amp; &lt;admins&gt; &quot;quoted&quot;"/>'
expect_file_contains "$A" '<property name="file" value="file://./specs/a-users.spec.js"/>'
expect_file_contains "$A" '<testcase classname="api.stable.linux.Users_&amp;_&lt;admins&gt;_&quot;quoted&quot;" name="lists users" time="'
expect_file_contains "$A" 'name="echoes tags quotes in its title"'
expect_file_contains "$A" '<failure message="Expected &lt;ok&gt; &amp; &quot;done&quot;'
expect_file_contains "$A" 'but got 200" type="Error"/>'
expect_file_contains "$A" '<system-err><![CDATA['
expect_file_contains "$A" 'specs/a-users.spec.js:10'
expect_file_contains "$A" "Request: POST $API_BASE_URL/echo"
expect_file_contains "$A" 'uthorization: ****'
expect_file_contains "$A" 'Response: 200 OK ('
expect_file_contains "$A" ']]]]><![CDATA[>'
expect_file_contains "$A" '<skipped/>'
e2e_check
! grep -q 's3cret' "$A" || fail "$A shows the secret Authorization header"

B=$D/results-0-1-api.xml
expect_file_contains "$B" '<testsuites tests="2" failures="0" errors="1"'
expect_file_contains "$B" 'name="passes first"'
expect_file_contains "$B" '<error message="the worker process was killed by signal 6'
expect_file_contains "$B" 'type="WorkerCrash"/>'

C=$D/results-0-2-api.xml
expect_file_contains "$C" '<testsuites tests="1" failures="0" errors="1"'
expect_file_contains "$C" '<testsuite name="specs c syntax spec js"'
expect_file_contains "$C" 'type="SyntaxError"/>'

# Without an outputDir the document goes to stdout at the end of the run.
run_sonde run stdout.conf.js
expect_status 1
expect_out ' "junit" Reporter:'
expect_out '<?xml version="1.0" encoding="UTF-8"?>'
sed -n '/^<?xml/,/^<\/testsuites>/p' "$OUT" >printed.xml
validate printed.xml
expect_file_contains printed.xml '<testsuite name="Users admins quoted"'

# The config's outputDir, with the name and error options.
run_sonde run inherit.conf.js
expect_status 1
F=logs/wdio-0-0-junit-reporter.log
expect_file "$F"
validate "$F"
expect_file_contains "$F" '<testsuite name="sers admins quoted"'
expect_file_contains "$F" 'classname="pkg/25"'
expect_file_contains "$F" '<property name="capabilities" value="api"/>'
expect_file_contains "$F" '<failure message="Expected &lt;ok&gt;'
expect_file_contains "$F" '" type="Error"><![CDATA[Error: Expected'

# suiteNameFormat as a function; a string that is no RegExp stops the run.
run_sonde run fn.conf.js
expect_status 1
expect_file_contains fn/wdio-0-0-junit-reporter.log '<testsuite name="named:Users &amp; &lt;admins&gt; &quot;quoted&quot;"'
validate fn/wdio-0-0-junit-reporter.log
run_sonde run bad-regexp.conf.js
expect_status 1
expect_err_re 'bad-regexp\.conf\.js:5: "reporters": junit option "suiteNameFormat" is no valid RegExp: SyntaxError: '

# SIGINT while a test waits for its response: the job's documents are still whole.
E2E_LAST_CMD="$SONDE run slow.conf.js (interrupted)"
"$SONDE" run slow.conf.js </dev/null >"$OUT" 2>"$ERR" &
E2E_SONDE_PID=$!
for ((i = 0; i < 100; i++)); do
  grep -q 'waiting' "$OUT" && break
  sleep 0.1
done
kill -INT "$E2E_SONDE_PID"
STATUS=0
wait "$E2E_SONDE_PID" || STATUS=$?
E2E_SONDE_PID=
expect_status 130
validate slow-out/wdio-0-0-junit-reporter.log
expect_file_contains slow-out/wdio-0-0-junit-reporter.log '<testsuites tests="2" failures="0" errors="1"'
expect_file_contains slow-out/wdio-0-0-junit-reporter.log 'name="waits for a slow answer"'
expect_file_contains slow-out/wdio-0-0-junit-reporter.log 'type="WorkerCrash"/>'
e2e_check
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["suites"][0]["tests"][1]["aborted"]' \
  slow-out/wdio-0-0-json-reporter.log 2>"$E2E_TMP/py.log" || fail "json after SIGINT: $(cat "$E2E_TMP/py.log")"
