# CLI flags deep-merged over the config: --baseUrl, --mochaOpts.grep/invert, --spec,
# --exclude, --maxInstances, --mochaOpts.timeout (numbers coerced).
B="--baseUrl $API_BASE_URL"

run_sonde run sonde.conf.js $B
expect_status 0
expect_no_out "must not run"
expect_out "✓ other test"
expect_out_re 'Spec Files:	 2 passed, 2 total'

# Without the override the config's baseUrl (a closed port) is used: requests fail.
run_sonde run sonde.conf.js --spec specs/users.spec.js --mochaOpts.grep list
expect_status 1
expect_out_re 'GET http://127\.0\.0\.1:9/users failed'

run_sonde run sonde.conf.js $B --mochaOpts.grep "Users detail"
expect_status 0
expect_out "✓ one user"
expect_no_out "✓ list"
expect_no_out "slow call"
expect_out "[0-0] SKIPPED in api - specs/extra/other.spec.js"
expect_out_re 'Spec Files:	 1 passed, 1 skipped, 2 total'

run_sonde run sonde.conf.js $B --mochaOpts.grep "Users detail" --mochaOpts.invert
expect_status 0
expect_no_out "one user"
expect_out "✓ list"
expect_out "✓ other test"

run_sonde run sonde.conf.js $B --mochaOpts.grep '/^users LIST$/i'
expect_status 0
expect_out "✓ list"
expect_no_out "one user"

run_sonde run sonde.conf.js $B --spec 'specs/extra/*.spec.js' --exclude specs/extra/excluded.spec.js
expect_status 0
expect_out "✓ other test"
expect_no_out "Users"

run_sonde run sonde.conf.js $B --spec specs/extra/excluded.spec.js
expect_status 1
expect_out "must not run"

run_sonde run sonde.conf.js $B --spec specs/users.spec.js --mochaOpts.timeout 100
expect_status 1
expect_out "Timeout of 100ms exceeded"
expect_out "✓ list"

run_sonde run sonde.conf.js $B --maxInstances 1
expect_status 0
expect_out "[0-1] RUNNING in api - specs/users.spec.js"

run_sonde run sonde.conf.js $B --mochaOpts.grep '('
expect_status 1
expect_out 'Invalid grep pattern "("'
