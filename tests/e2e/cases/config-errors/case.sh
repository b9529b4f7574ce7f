# Bad input stops the run before any spec starts, with one message naming the file, the
# key and (where it can be found) the line, and exit code 1.
run_sonde run missing.conf.js
expect_status 1
expect_err_re 'config file .*/missing\.conf\.js not found'
expect_no_out "Execution of"

run_sonde run wrong-runner.conf.js
expect_status 1
expect_err_re 'wrong-runner\.conf\.js:2: "runner" must be .api. \(got .local.\)'
expect_err "api is not defined"
expect_no_out "RUNNING"

run_sonde run wrong-type.conf.js
expect_status 1
expect_err_re 'wrong-type\.conf\.js:4: "maxInstances" must be a number \(got string\)'

run_sonde run wrong-nested.conf.js
expect_status 1
expect_err_re 'wrong-nested\.conf\.js:6: "apiRunner\.timeout" must be a number \(got string\)'

run_sonde run no-export.conf.js
expect_status 1
expect_err 'No named export object called "config" found'

run_sonde run syntax.conf.js
expect_status 1
expect_err_re 'syntax\.conf\.js:[34](:[0-9]+)?: SyntaxError'

run_sonde run throws.conf.js
expect_status 1
expect_err_re "throws\.conf\.js:1(:[0-9]+)?: Error: Cannot find module './missing-base.js'"

run_sonde run no-specs.conf.js
expect_status 1
expect_err "No spec files found"
expect_err "./nothing/**/*.spec.js"

run_sonde run framework.conf.js
expect_status 1
expect_err_re 'framework\.conf\.js:1: "framework" is "tap"'

run_sonde run good.conf.js --spec specs/nope.spec.js
expect_status 1
expect_err "spec file(s) specs/nope.spec.js not found"

run_sonde run good.conf.js --maxInstances 0
expect_status 1
expect_err '"maxInstances" must be a whole number of at least 1'

run_sonde frobnicate
expect_status 1
expect_err 'Unknown command "frobnicate"'

run_sonde --help
expect_status 0
expect_out "sonde run <config>"
expect_out "--mochaOpts.grep"

run_sonde --version
expect_status 0
expect_out_re '^sonde [0-9]+\.[0-9]+\.[0-9]+$'
# ... and the engine and libraries it runs on, as they report themselves.
expect_out_re '^JavaScriptCore [0-9]+\.[0-9]+\.[0-9]+, libuv [0-9]+\.[0-9]+\.[0-9]+, libcurl/[0-9]+\.[0-9]+'

run_sonde run good.conf.js
expect_status 0

run_sonde run reporter.conf.js
expect_status 1
expect_err_re 'reporter\.conf\.js:4: "reporters" names an unknown reporter "nope" \(known: spec'
expect_no_out "Execution of"

cat > api-type.conf.js <<'JS'
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  apiRunner: { globalName: 42 },
};
JS
run_sonde run api-type.conf.js
expect_status 1
expect_err_re 'api-type\.conf\.js:4: "apiRunner\.globalName" must be a non-empty string \(got number\)'

run_sonde run drain.conf.js
expect_status 1
expect_err_re 'drain\.conf\.js:4: "drainTimeout" must be a number of milliseconds, 0 or more'
expect_no_out "RUNNING"

# Near misses warn with a suggestion and the run goes on; other unknown keys stay silent
# (services read keys of their own); a near-miss flag is blamed on the flag.
run_sonde run near.conf.js --mochaOpt.grep nothing-matches
expect_status 0
expect_err_re 'sonde: warning: .*near\.conf\.js:4: unknown key "maxInstance"; did you mean "maxInstances"\?'
expect_err_re 'near\.conf\.js:5: unknown key "mochaOpts\.timout"; did you mean "mochaOpts\.timeout"\?'
expect_err_re 'near\.conf\.js:6: unknown key "apiRunner\.retrys"; did you mean "apiRunner\.retries"\?'
expect_err 'sonde: warning: --mochaOpt.grep: unknown option; did you mean --mochaOpts.grep?'
expect_no_err 'myServiceOption'

# A bad value given on the command line is blamed on the flag, not on a config line.
run_sonde run good.conf.js --maxInstances two
expect_status 1
expect_err 'sonde: --maxInstances: "maxInstances" must be a number (got string)'
run_sonde run good.conf.js --baseUrl not-a-url
expect_status 1
expect_err 'sonde: --baseUrl: "baseUrl" must be an http:// or https:// URL (got "not-a-url")'
expect_no_out 'RUNNING'
# A relative request with no baseUrl says what to set.
run_sonde run relative.conf.js
expect_status 1
expect_out 'GET /users failed: a relative URL needs a base URL: set baseUrl in the config (or apiRunner.baseUrl, or --baseUrl)'
