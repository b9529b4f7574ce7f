# cucumberOpts.parallel: the scenarios of a feature run at once in the job's realm (at most
# `parallel`), each with its own World, and each reports (spec steps, output, messages)
# when its turn comes in the feature's order. Whether they overlap is seen without timing:
# "first" waits for "second" to start and "second" for "first", which only scenarios
# running at once can do; "fourth" waits for a free slot (parallel: 3).
run_sonde run sonde.conf.js
expect_status 1
expect_out_re '^\[api #0-0\]    ✓ first \([0-9]+ms\)$'
expect_out_re '^\[api #0-0\]        ✓ Then scenario "second" has started$'
expect_out_re '^\[api #0-0\]        ✓ And my World is "first"$'
expect_out_re '^\[api #0-0\]    ✓ second \([0-9]+ms\)$'
expect_out_re '^\[api #0-0\]        ✓ And my World is "second"$'
expect_out_re '^\[api #0-0\]    ✖ third fails \([0-9]+ms\)$'
expect_out_re '^\[api #0-0\]        ✖ When it fails once "first" has started$'
expect_out_re '^\[api #0-0\]    ✓ fourth waits for a free slot \([0-9]+ms\)$'
expect_out_re '^\[api #0-0\] 3 passing'
expect_out_re '^\[api #0-0\] 1 failing'
# Output in the feature's order, whatever order the scenarios printed it in.
expect_eq "$(grep -o '^\[0-0\] started [a-z]*' "$OUT" | tr '\n' ' ')" \
  '[0-0] started first [0-0] started second [0-0] started third [0-0] started fourth ' 'output order'
# Messages: each test case's envelopes together, its attachment in it.
python3 - out/messages-0-0.ndjson <<'PY' || fail "messages of parallel scenarios are interleaved"
import json, sys
envs = [json.loads(l) for l in open(sys.argv[1])]
current, seen = None, []
for e in envs:
    (kind, body), = e.items()
    if kind == "testCaseStarted":
        assert current is None, "a case started inside another"
        current = body["id"]
    elif kind in ("testStepStarted", "testStepFinished", "attachment"):
        assert body["testCaseStartedId"] == current, (kind, body)
    elif kind == "testCaseFinished":
        assert body["testCaseStartedId"] == current
        seen.append(current)
        current = None
assert len(seen) == 4, seen
assert [e["attachment"]["body"] for e in envs if "attachment" in e] == [
    "started first", "started second", "started third", "started fourth"]
PY

# A retried scenario runs again on its own, with a new World.
run_sonde run sonde.conf.js --cucumberOpts.retry 1
expect_status 1
expect_out_count '[0-0] started third' 2
expect_out_re '^\[api #0-0\]    ✖ third fails \([0-9]+ms\)$'

# One at a time (parallel 1, the default), "first" waits for "second" in vain.
run_sonde run sonde.conf.js --cucumberOpts.parallel 1
expect_status 1
expect_out_re '^\[api #0-0\]        ✖ Then scenario "second" has started$'
expect_out 'function timed out, ensure the promise resolves within 3000 milliseconds'

run_sonde run sonde.conf.js --cucumberOpts.parallel -1
expect_status 1
expect_err '"cucumberOpts.parallel" must be a whole number, 0 or more'
