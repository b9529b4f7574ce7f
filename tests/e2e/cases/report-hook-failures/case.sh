# A passing test whose afterEach fails stays reported as passed in every reporter, beside
# the hook's failure; an error thrown by a timer after the last test, and a second done()
# after its test ended, fail the run and are in every report (also from a suite that ended
# inside one still running); a forgotten interval ends the file after drainTimeout without a
# failure.
run_sonde run sonde.conf.js
expect_status 1
expect_out_re 'Spec Files:	 1 passed, 4 failed, 5 total'

# spec reporter
expect_out_re '✓ passes before the hook'
expect_out '✖ "after each" hook for "passes before the hook"'
expect_no_out 'never runs'
expect_out_re '✓ forgot to await'
expect_out_re '✖ forgot to await'
expect_out 'thrown after the test'
# The late failure is listed in its test's own suite, as mocha lists it (also once that
# suite has ended), not in a "(root)" group after the suites.
expect_eq "$(grep -A 2 '\] late timer$' "$OUT" | sed 's/^\[api #0-[0-9]\] *//; s/ ([0-9]*ms)$//')" \
  'late timer
✓ forgot to await
✖ forgot to await' 'the late timer block of the spec reporter'
expect_no_out '(root)'
expect_out_re '✓ calls done twice'
expect_out_re '✖ calls done twice'
expect_out 'done() called multiple times in test <late done calls done twice> of file'
expect_out_re '✓ waits'
# A late outcome of a suite that ended while its enclosing describe still runs goes to its
# own suite, not to the suite running when it arrived (mocha's failure list names it
# "late nested inner calls done twice inside" too).
expect_eq "$(sed -n '/\] late nested$/,/^\[api #0-[0-9]\] [0-9]* passing/p' "$OUT" |
  sed 's/^\[api #0-[0-9]\] *//; s/ ([0-9]*ms)$//' | grep -v '^$')" \
  'late nested
inner
✓ calls done twice inside
✖ calls done twice inside
sibling
✓ calls the inner done again
2 passing' 'the nested late failure block of the spec reporter'
expect_out 'done() called multiple times in test <late nested inner calls done twice inside> of file'
# The live failure line names the late outcome's own suites too, not those running when it
# arrived (".sibling"), nor none at all once every suite of the file has ended.
expect_out '[0-3] Error in "late nested.inner.calls done twice inside"'
expect_out '[0-4] Error in "late timer.forgot to await"'
expect_out '[0-0] Error in "after each fails."after each" hook for "passes before the hook""'
# mocha itself, where the mocha-differential case has installed it (its install is not
# repeated here: two npm installs into one folder at once would break it): its failure list
# names the inner suite too.
mocha_js=$(cd "$(dirname "$SONDE")/.." && pwd)/build-oracles/mocha10/node_modules/mocha/bin/mocha.js
if command -v node >/dev/null 2>&1 && [[ -f $mocha_js ]]; then
  mocha_out=$(timeout 60 node "$mocha_js" --reporter spec specs/late-nested.spec.js 2>&1)
  [[ $mocha_out == *'  1) late nested
       inner
         calls done twice inside:'* ]] || fail "mocha lists the late failure elsewhere: $mocha_out"
else
  echo "e2e: [$CASE_NAME]: no mocha oracle (run e2e/mocha-differential first); not compared"
fi
expect_out_re '✓ leaves an interval behind'

# junit: the passed test and the hook failure, both
junit=$(cat reports/junit/*)
[[ $junit == *'<testcase classname="api.after_each_fails" name="passes before the hook" time="'*'"/>'* ]] ||
  fail "junit lost the passed test: $junit"
[[ $junit == *'name="after each hook for passes before the hook"'* ]] || fail "junit has no hook failure"
[[ $junit == *'thrown after the test'* ]] || fail 'junit has no late timer error'
expect_eq "$(grep -c '<testcase classname="api.late_timer" name="forgot to await"' <<<"$junit")" 2 \
  'junit testcases of the late timer in its suite'
[[ $junit == *'done() called multiple times'* ]] || fail 'junit has no second done()'
[[ $junit != *'(root)'* ]] || fail "junit lists a (root) suite: $junit"
[[ $junit == *'<testcase classname="api.late_nested_inner" name="calls done twice inside"'* ]] ||
  fail "junit lost the nested late failure's suite: $junit"
expect_eq "$(grep -c '<failure' <<<"$junit")" 4 'failures in the junit reports'

# allure: one result per outcome (name | status)
allure=$(for f in reports/allure/*-result.json; do
  full=$(grep -o '"fullName": *"\([^"\\]\|\\.\)*"' "$f" | head -n 1 | sed 's/^"fullName": *"//; s/"$//; s/\\"/"/g')
  status=$(grep -o '"status": *"[a-z]*"' "$f" | head -n 1 | sed 's/.*"\([a-z]*\)"$/\1/')
  echo "$full | $status"
done | sort)
expect_eq "$allure" 'specs/after-each.spec.js#after each fails "after each" hook for "passes before the hook" | broken
specs/after-each.spec.js#after each fails passes before the hook | passed
specs/drain-bound.spec.js#interval leaves an interval behind | passed
specs/late-done.spec.js#late done calls done twice | broken
specs/late-done.spec.js#late done calls done twice | passed
specs/late-done.spec.js#late done waits | passed
specs/late-nested.spec.js#late nested inner calls done twice inside | broken
specs/late-nested.spec.js#late nested inner calls done twice inside | passed
specs/late-nested.spec.js#late nested sibling calls the inner done again | passed
specs/late-timer.spec.js#late timer forgot to await | broken
specs/late-timer.spec.js#late timer forgot to await | passed' 'allure results'

# The late outcome's allure result is in its suite too.
late=$(grep -l '"status": "broken"' reports/allure/*-result.json | xargs grep -l '"name": "forgot to await"')
expect_file_contains "$late" '"titlePath": [
    "specs",
    "late-timer.spec.js",
    "late timer"
  ]'

# json: the passed test and its hook's failure; both outcomes of the late ones
json=$(cat reports/json/*)
expect_eq "$(grep -c '"name": "passes before the hook"' <<<"$json")" 1 'json entries for the passed test'
expect_eq "$(grep -c '"name": "\\"after each\\" hook for \\"passes before the hook\\""' <<<"$json")" 1 \
  'json entries for the hook failure'
for t in 'forgot to await' 'calls done twice' 'calls done twice inside'; do
  expect_eq "$(grep -c "\"name\": \"$t\"" <<<"$json")" 2 "json entries for '$t'"
done

# drainTimeout 0: the file ends with its last test; its pending timer is dropped.
run_sonde run sonde.conf.js --spec specs/late-timer.spec.js --drainTimeout 0
expect_status 0
expect_no_out 'thrown after the test'
expect_out_re '✓ forgot to await'
