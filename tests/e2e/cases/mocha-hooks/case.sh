# mocha semantics inside one spec file: hook order, `this` shared between hooks and tests,
# .only/.skip/pending, this.skip/timeout/retries, done callbacks, failing hooks, async
# errors, and the tdd interface. Orders, exclusivity, pending and hook-failure reports
# were checked against mocha 10 running the same files.
# maxInstances 1: the spec files run one after another, cids [0-0]..[0-8] in file order.
run_sonde run sonde.conf.js
expect_status 1
expect_out_re 'Spec Files:	 4 passed, 5 failed, 9 total \(100% completed\)'

# Hook order: root hooks wrap every test, a suite's tests run before its child suites,
# before/after once per suite, beforeEach outer→inner and afterEach inner→outer.
expect_out '] ORDER rb,rbe,rt,rae,ob,rbe,obe,o1,oae,rae,rbe,obe,o2,oae,rae,ib,rbe,obe,ibe,i1,iae,oae,rae,ia,oa,ra'
expect_out_re '\[0-[0-9]+\] PASSED in api - specs/order\.spec\.js'
expect_out_re '^\[api #0-[0-9]+\]    ✓ root test \([0-9]+ms\)'
expect_out_re '^\[api #0-[0-9]+\]    ✓ o1 \([0-9]+ms\)'
expect_out_re '^\[api #0-[0-9]+\]        ✓ i1 \([0-9]+ms\)'
expect_no_out 'this.shared is'
# this.currentTest in hooks (each hooks: the test; `after all`: its suite's last test) and
# this.test (the running Test, with mocha's methods); undefined in a test, as in mocha 10.
expect_out '] CURRENT be:root test,ae:root test,be:o1,t:o1:false:outer o1:true,ae:o1,be:o2,ae:o2,be:i1,ae:i1 after:object'

# it.only and describe.only together: only those run, root and other tests do not.
expect_out_re '\[0-[0-9]+\] PASSED in api - specs/only\.spec\.js'
expect_out '] RAN A-only'
expect_out '] RAN B-first'
expect_out '] RAN B-second'
expect_no_out 'RAN root'
expect_no_out 'RAN A-plain'
expect_no_out 'RAN C'
expect_no_out 'A plain is excluded'
expect_no_out 'C is excluded'

# .skip, xit, a test without a function, this.skip(), describe.skip and xdescribe: all
# pending, none of their bodies (or a skipped suite's hooks) run.
expect_out_re '\[0-[0-9]+\] PASSED in api - specs/skip\.spec\.js'
expect_out_re '^\[api #0-[0-9]+\]    - it\.skip test$'
expect_out_re '^\[api #0-[0-9]+\]    - xit test$'
expect_out_re '^\[api #0-[0-9]+\]    - no function$'
expect_out_re '^\[api #0-[0-9]+\]    - calls this\.skip$'
expect_out_re '^\[api #0-[0-9]+\]        - in skipped suite$'
expect_out_re '^\[api #0-[0-9]+\]        - in xdescribe$'
expect_out_re '^\[api #0-[0-9]+\] 6 skipped$'
expect_no_out 'RAN it.skip'
expect_no_out 'RAN xit'
expect_no_out 'RAN after this.skip'
expect_no_out 'RAN skipped before'
expect_no_out 'RAN in skipped suite'
expect_no_out 'RAN xdescribe'

# this.timeout(50) inside a test: mocha's message with the file; the next tests still run.
expect_out_re '\[0-[0-9]+\] FAILED in api - specs/timeout\.spec\.js'
expect_out_re '^\[api #0-[0-9]+\]    ✖ times out at 50ms \([0-9]+ms\)'
expect_out 'Timeout of 50ms exceeded. For async tests and hooks, ensure "done()" is called; if returning a Promise, ensure it resolves.'
expect_out_re 'Timeout of 50ms exceeded\. .*\(.*specs/timeout\.spec\.js\)'
expect_out_re '^\[api #0-[0-9]+\]    ✓ runs after the timeout'
expect_out_re '^\[api #0-[0-9]+\]    ✓ async fn under the limit'

# this.retries(3): two ↻ lines, then ✓ on the third attempt; a suite-level retries(1)
# that keeps failing shows one ↻ and the last attempt's error.
expect_out '] attempt 3'
expect_no_out '] attempt 4'
expect_out_count '↻ succeeds on the third attempt' 2
expect_out_count '✓ succeeds on the third attempt' 1
expect_out_count '↻ fails twice' 1
expect_out_count '✖ fails twice' 1
expect_out 'Error: always fails 2'
expect_no_out 'Error: always fails 1'
expect_out_re '\[0-[0-9]+\] FAILED in api - specs/retries\.spec\.js'

# done callbacks.
expect_out_re '^\[api #0-[0-9]+\]    ✓ done\(\) passes'
expect_out_re '^\[api #0-[0-9]+\]    ✖ done\(error\) fails'
expect_out 'Error: boom via done'
expect_out_re '^\[api #0-[0-9]+\]    ✖ done\(string\) fails'
expect_out 'Error: done() invoked with non-Error: just a string'
expect_out_re '^\[api #0-[0-9]+\]    ✖ done twice fails'
expect_out 'Error: done() called multiple times'
expect_out_re '^\[api #0-[0-9]+\]    ✓ next test passes'

# A failing before hook: reported for the suite's first test, no test of the suite runs,
# its after hook still runs. A failing beforeEach: reported for the test, the rest of
# the suite is not run. Later suites are unaffected.
expect_out_re '^\[api #0-[0-9]+\]    ✖ "before all" hook for "first blocked"$'
expect_out_re '^\[api #0-[0-9]+\] 1\) before fails "before all" hook for "first blocked"$'
expect_out 'Error: before broke'
expect_out '] AFTER still ran'
expect_no_out 'RAN first blocked'
expect_no_out 'RAN second blocked'
expect_no_out 'second blocked'
expect_out_re '^\[api #0-[0-9]+\]    ✖ "before each" hook for "blocked by beforeEach"$'
expect_out 'Error: beforeEach broke'
expect_no_out 'RAN blocked by beforeEach'
expect_no_out 'RAN also blocked'
expect_out_re '^\[api #0-[0-9]+\]    ✓ still runs \([0-9]+ms\)'
expect_out_re '\[0-[0-9]+\] FAILED in api - specs/hooks-fail\.spec\.js'

# A throw inside a timer and an unhandled rejection fail the running test, not the
# worker: the following tests pass and the file's summary is complete. (Plain mocha 10
# lets the rejection pass silently; sonde attributes it to the test that was running.)
expect_out_re '^\[api #0-[0-9]+\]    ✖ throws inside setTimeout'
expect_out 'thrown in timer'
expect_out_re '^\[api #0-[0-9]+\]    ✓ passes after the timer throw'
expect_out_re '^\[api #0-[0-9]+\]    ✖ unhandled rejection'
expect_out 'Error: nobody caught me'
expect_out_re '^\[api #0-[0-9]+\]    ✓ passes after the rejection'
expect_out_re '\[0-[0-9]+\] FAILED in api - specs/async-errors\.spec\.js'
expect_no_out 'killed by signal'

# mocha's exclusivity rule: a suite with it.only tests runs only those and ignores its
# child suites, even a describe.only one (Suite#filterOnly: "tests have precedence").
expect_out '] RAN precedence-it-only'
expect_no_out 'RAN precedence-child'

# The tdd interface: suite/test/suiteSetup/suiteTeardown/setup/teardown, test.skip.
run_sonde run tdd.conf.js
expect_status 1
expect_out '] TDD ORDER ss,su,t1,td,su,t2,td,su,td,st'
expect_out_re '^\[api #0-0\] tdd outer$'
expect_out_re '^\[api #0-0\]    ✓ first \([0-9]+ms\)'
expect_out_re '^\[api #0-0\]     tdd inner$'
expect_out_re '^\[api #0-0\]        ✓ second \([0-9]+ms\)'
expect_out_re '^\[api #0-0\]        - skipped tdd test$'
expect_out_re '^\[api #0-0\]        ✖ failing tdd test'
expect_out 'Error: tdd failure'
expect_out '[api #0-0] 2 passing'
expect_out '[api #0-0] 1 failing'
expect_out '[api #0-0] 1 skipped'
expect_no_out 'SKIPPED-RAN'
expect_no_out 'this.value is'
