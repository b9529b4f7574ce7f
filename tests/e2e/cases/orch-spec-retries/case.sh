# Spec file retries (conventions §4; WebdriverIO's launcher and CLI interface): a failed spec
# file runs again, up to specFileRetries times, under the same cid; the failed attempt
# counts under "retries", not as a failure; specFileRetriesDelay waits before the retry;
# specFileRetriesDeferred puts the retry at the end of the queue instead of the front.
# a-flaky fails on its first attempt after a server reset and passes on the second.
the_order() { grep -oE '^H onWorkerStart [0-9]+-[0-9]+ [a-z-]+\.spec\.js' "$OUT" | cut -d' ' -f3,4 | tr '\n' ' '; }

# Not deferred: the retry goes to the front of the queue, before b-other.
http_post reset >/dev/null
run_sonde run sonde.conf.js --specFileRetriesDeferred false
expect_status 0
expect_out_count 'RUNNING in api - specs/a-flaky.spec.js' 2
expect_out '[0-0] created user 4'
expect_out '[0-0] created user 5'
expect_out_re '^\[0-0\] PASSED in api - specs/a-flaky\.spec\.js'
expect_out_re '^\[0-1\] PASSED in api - specs/b-other\.spec\.js$'
expect_out_re 'Spec Files:	 2 passed, 1 retries, 2 total \(100% completed\)'
expect_out 'H onComplete exit=0 results={"finished":2,"passed":2,"retries":1,"failed":0}'
expect_eq "$(the_order)" '0-0 a-flaky.spec.js 0-0 a-flaky.spec.js 0-1 b-other.spec.js ' 'job order'
cp "$OUT" first-run.out
first_run_cmd=$E2E_LAST_CMD first_run_status=$STATUS

# Deferred: the retry runs after the files already queued.
http_post reset >/dev/null
run_sonde run sonde.conf.js --specFileRetriesDeferred true
expect_status 0
expect_out_re 'Spec Files:	 2 passed, 1 retries, 2 total \(100% completed\)'
expect_eq "$(the_order)" '0-0 a-flaky.spec.js 0-1 b-other.spec.js 0-0 a-flaky.spec.js ' 'job order when deferred'

# Delay: the retry starts at least specFileRetriesDelay seconds after the attempt ended.
http_post reset >/dev/null
run_sonde run sonde.conf.js --spec specs/a-flaky.spec.js --specFileRetriesDelay 1
expect_status 0
expect_out_re 'Spec Files:	 1 passed, 1 retries, 1 total \(100% completed\)'
ended=$(grep -oE '^H onWorkerEnd 0-0 exit=1 .* at=[0-9]+' "$OUT" | sed 's/.*at=//')
started=$(grep -oE '^H onWorkerStart 0-0 a-flaky\.spec\.js at=[0-9]+' "$OUT" | sed -n 2p | sed 's/.*at=//')
[[ -n $ended && -n $started ]] || fail 'missing onWorkerEnd/onWorkerStart timestamps'
((started - ended >= 950)) || fail "retry started $((started - ended)) ms after the failed attempt, expected >= 1000"
cp "$OUT" delay-run.out
delay_run_cmd=$E2E_LAST_CMD delay_run_status=$STATUS

# Without retries the same file fails once and counts as failed.
http_post reset >/dev/null
run_sonde run sonde.conf.js --spec specs/a-flaky.spec.js --specFileRetries 0
expect_status 1
expect_out_count 'RUNNING in' 1
expect_out_re '^\[0-0\] FAILED in api - specs/a-flaky\.spec\.js$'
expect_out_re 'Spec Files:	 0 passed, 1 failed, 1 total \(100% completed\)'
expect_out 'H onComplete exit=1 results={"finished":1,"passed":0,"retries":0,"failed":1}'
expect_out_re '^H onWorkerEnd 0-0 exit=1 a-flaky\.spec\.js retries=0 '

# The launcher lines and onWorkerEnd as WebdriverIO's launcher and CLI interface produce
# them: the failed attempt is "RETRYING" (not FAILED; "RETRYING after 1s" with a delay),
# the passing retry says "(1 retries)", and onWorkerEnd's `retries` is the number of
# retries left for the file (1 after the first attempt, 0 after the retry).
cp first-run.out "$OUT"
E2E_LAST_CMD=$first_run_cmd STATUS=$first_run_status # failures show the first run
expect_out_re '^H onWorkerEnd 0-0 exit=1 a-flaky\.spec\.js retries=1 '
expect_out_re '^H onWorkerEnd 0-0 exit=0 a-flaky\.spec\.js retries=0 '
expect_out_re '^\[0-0\] RETRYING in api - specs/a-flaky\.spec\.js$'
expect_no_out 'FAILED in'
expect_out_re '^\[0-0\] PASSED in api - specs/a-flaky\.spec\.js \(1 retries\)$'
cp delay-run.out "$OUT"
E2E_LAST_CMD=$delay_run_cmd STATUS=$delay_run_status
expect_out_re '^\[0-0\] RETRYING after 1s in api - specs/a-flaky\.spec\.js$'
