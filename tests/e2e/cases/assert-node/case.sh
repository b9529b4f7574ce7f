# Node's assert module (require('assert'), 'node:assert', 'assert/strict'). pass.spec.js
# uses every function passing, esm.spec.js imports the modules (and sonde's exports); fail.spec.js fails once per test and each message must be
# the one Node 20 prints (fail.node.txt, recorded from Node's own assert), with the stack
# starting at the spec line. assert.ok quotes the failing expression from the spec file.

plain() { sed 's/^\[api #[0-9-]*\] \{0,1\}//' "$OUT" >plain.txt; }
# expect_frame TEXT MARKER: the first stack frame after the first line that starts with TEXT
# (a line of one failure's message) is the line of specs/fail.spec.js holding MARKER.
expect_frame() {
  local want got
  want=$(grep -n -F -- "$2" specs/fail.spec.js | head -n 1 | cut -d: -f1)
  got=$(awk -v h="$1" 'index($0, h) == 1 { f = 1; next }
    f && /^    at / { print; exit }' plain.txt | grep -oE 'fail\.spec\.js:[0-9]+:[0-9]+')
  expect_eq "${got%:*}" "fail.spec.js:$want" "first frame of \"$1\""
}

# expect_clean: the run's workers ended well (no sanitizer report, no bad exit).
expect_clean() {
  expect_no_err 'Sanitizer'
  expect_no_err 'runtime error:'
  expect_no_err 'after finishing its jobs'
}
run_sonde run sonde.conf.js --spec specs/pass.spec.js
expect_status 0
expect_clean
expect_out '[api #0-0] 6 passing'
expect_no_out 'failing'

run_sonde run sonde.conf.js --spec specs/esm.spec.js
expect_status 0
expect_clean
expect_out '[api #0-0] 1 passing'

run_sonde run sonde.conf.js --spec specs/fail.spec.js
expect_status 1
expect_clean
expect_out '[api #0-0] 52 failing'
expect_no_out '✓'
plain
block=
while IFS= read -r line || [[ -n $line ]]; do
  [[ $line == '#'* ]] && continue
  if [[ $line == ---- ]]; then
    [[ -n $block ]] && expect_file_contains plain.txt "$block"
    block=
  else
    block+=${block:+$'\n'}$line
  fi
done <fail.node.txt
[[ -n $block ]] && expect_file_contains plain.txt "$block"

# AssertionErrors (a caller's Error given as the message is thrown as it is), and stacks
# that start at the spec line, also for rejects, which settles later.
expect_file_contains plain.txt 'AssertionError: The expression evaluated to a falsy value:'
expect_file_contains plain.txt 'RangeError: custom error'
expect_file_contains plain.txt 'TypeError: The "fn" argument must be of type function. Received type string'
expect_frame '  assert(x > 1)' '@assert'
expect_frame '  assert.ok(user.admin)' '@ok'
expect_frame '1 !== 2' '@strictEqual'
expect_frame "+     'b'" '@deep'
expect_frame 'AssertionError: Missing expected exception.' '@throws'
expect_frame 'AssertionError: Missing expected rejection.' '@rejects'
expect_frame 'AssertionError: boom' '@fail'
expect_no_out 'sonde:diff'
expect_no_out 'sonde:assert'
