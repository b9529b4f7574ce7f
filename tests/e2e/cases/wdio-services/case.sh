# Services and the shared store (issue 21 §2): services of every WebdriverIO shape run their
# launcher hooks in the launcher (after the config's) and their worker hooks in the worker
# (with the config's); the built-in shared store answers to '@wdio/shared-store-service' in
# the config's hooks and in specs, and two workers draining one pool at the same time never
# get the same value. Bad entries are one error naming file, line and entry.

run_sonde run sonde.conf.js
expect_status 1
grep -E '^(\[0-0\] )?[ST] ' "$OUT" >order.txt
cat >expected.txt <<'LINES'
S cls constructor launcher label=cls config=5000
S config onPrepare
S cls onPrepare this=cls caps=1
S obj onPrepare
S pkg launcher onPrepare level=2 caps=1
S cls onWorkerStart 0-0
S scoped onWorkerStart 0-0
[0-0] S cls constructor worker label=cls config=5000
[0-0] S pkg beforeSession level=2 cid=0-0
[0-0] S config before
[0-0] S cls before this=cls caps=T1 browser.isApi=true
[0-0] S obj beforeSuite Services
[0-0] S cls beforeTest reads what onPrepare stored
[0-0] T token=abc123 from=onPrepare
[0-0] T browser.sharedStore token=abc123
[0-0] T setByService=cls
[0-0] S cls afterTest reads what onPrepare stored passed=true
[0-0] S pkg afterTest reads what onPrepare stored
[0-0] S cls beforeTest fails on purpose
[0-0] S cls afterTest fails on purpose passed=false
[0-0] S pkg afterTest fails on purpose
[0-0] S local afterSuite Services
[0-0] S cls after result=1
[0-0] S config after token=abc123 seen=true
S cls onWorkerEnd 0-0 exit=1
S config onComplete
S cls onComplete exit=1
S pkg launcher onComplete exit=1
LINES
expect_eq "$(diff expected.txt order.txt)" '' 'service hook lines (diff expected actual)'
expect_no_out 'must not run'
expect_no_err 'hook failed'

# Two workers take from one pool of 40 at the same time: each value exactly once.
run_sonde run store.conf.js
expect_status 1
expect_out_re 'Spec Files:	 1 passed, 1 failed, 2 total'
expect_eq "$(grep -c 'RUNNING in' "$OUT")" 2 'two jobs'
taken=$(grep -oE 'TAKEN [0-9 ]+' "$OUT" | sed 's/TAKEN //' | tr ' ' '\n' | sort -n | tr '\n' ' ')
expect_eq "$taken" "$(seq 1 40 | tr '\n' ' ')" 'every pool value taken exactly once across the two workers'
expect_out '[0-0] LATE {"port":4444}'
expect_out 'C store=worker-a:20,worker-b:20'
# Store failures are the spec's errors, with the spec's line in their stack.
expect_out "Error: 'empty' resource pool is empty. Set values to it first using 'setResourcePool' or 'addValueToPool'
[0-0]     at $PWD/store-specs/a.spec.js:25:"
expect_out "Error: 'nope' resource pool does not exist. Set it first using 'setResourcePool'
[0-0]     at $PWD/store-specs/a.spec.js:28:"
expect_out 'Error: You can'"'"'t set a value with key "*" as this is a reserved key'
expect_out 'The "key" argument must be of type string. Received type number (42)'
# The functions are async: what the store cannot hold rejects (it does not throw).
expect_out '[0-0] REJECTS true'
expect_out "TypeError: The shared store holds JSON values: the value for 'loop' cannot be serialised (a function, a symbol, a BigInt or a circular structure)"
expect_out "TypeError: The shared store holds JSON values: the value for 'ids' cannot be serialised"

# Bad services: one error, exit 1, nothing run.
run_sonde run unknown.conf.js
expect_status 1
expect_err "unknown.conf.js:4: \"services[1]\": cannot find service \"chromedriver\": it is not built in (sonde has \"shared-store\"), and neither \"@wdio/chromedriver-service\" nor \"wdio-chromedriver-service\" is installed"
expect_eq "$(wc -l <"$ERR")" 1 'one error line'
expect_no_out 'Execution of'

run_sonde run shape.conf.js
expect_status 1
expect_err 'shape.conf.js:4: "services[1]" must be a service name, a class, an object of hooks, or [one of these, options]'

run_sonde run options.conf.js
expect_status 1
expect_err 'options.conf.js:4: "services[0]": the options of a service must be an object'

run_sonde run throws.conf.js
expect_status 1
expect_err 'Failed to initialise launcher service "Broken" (services[0]): Error: cannot reach the audit server'
expect_err 'throws.conf.js:3:'
expect_no_out 'onPrepare must not run'
expect_no_out 'Execution of'
