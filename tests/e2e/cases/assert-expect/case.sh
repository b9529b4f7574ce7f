# The global expect. pass.spec.js runs every matcher passing (negated too), asymmetric
# matchers, .resolves/.rejects, expect.extend and addEqualityTesters; fail.spec.js fails
# once per test and every message must be the one Jest prints (fail.jest.txt, recorded from
# Jest's own expect); api.spec.js runs the API matchers on responses both ways.

plain() { sed 's/^\[api #[0-9-]*\] \{0,1\}//' "$OUT" >plain.txt; }
# expect_frame SPEC TEXT MARKER: the first stack frame under the error whose message starts
# with TEXT is the line of SPEC holding MARKER.
expect_frame() {
  local want got
  want=$(grep -n -F -- "$3" "specs/$1" | head -n 1 | cut -d: -f1)
  got=$(awk -v h="$2" 'index($0, h) == 1 { f = 1; next }
    f && /^    at / { print; exit }' plain.txt | grep -oE "${1//./\\.}:[0-9]+:[0-9]+")
  expect_eq "${got%:*}" "$1:$want" "first frame of \"$2\""
}

# expect_clean: the run's workers ended well (no sanitizer report, no bad exit).
expect_clean() {
  expect_no_err 'Sanitizer'
  expect_no_err 'runtime error:'
  expect_no_err 'after finishing its jobs'
}
http_post reset >/dev/null
run_sonde run sonde.conf.js --spec specs/pass.spec.js
expect_status 0
expect_clean
expect_out '[api #0-0] 9 passing'
expect_no_out 'failing'

run_sonde run sonde.conf.js --spec specs/fail.spec.js
expect_status 1
expect_clean
expect_out '[api #0-0] 89 failing'
expect_no_out '✓'
plain
# Every block of fail.jest.txt, as Jest printed it.
block=
while IFS= read -r line || [[ -n $line ]]; do
  [[ $line == '#'* ]] && continue
  if [[ $line == ---- ]]; then
    [[ -n $block ]] && expect_file_contains plain.txt "$block"
    block=
  else
    block+=${block:+$'\n'}$line
  fi
done <fail.jest.txt
[[ -n $block ]] && expect_file_contains plain.txt "$block"
# Failures are AssertionErrors (usage errors plain Errors, as in Jest), and the first
# frame is the spec line, for synchronous and for .resolves matchers.
expect_file_contains plain.txt 'AssertionError: expect(received).toBe(expected) // Object.is equality'
expect_file_contains plain.txt 'Error: expect(received).toMatch(expected)

Matcher error: received value must be a string'
expect_frame fail.spec.js 'AssertionError: expect(received).toBe(expected)' '@toBe'
expect_frame fail.spec.js 'AssertionError: expect(received).toEqual(expected)' '@toEqual'
expect_frame fail.spec.js 'AssertionError: expect(received).resolves.toBe(expected)' '@resolves'
expect_frame fail.spec.js 'AssertionError: expect(received).toBeEven()' '@custom'
expect_no_out 'sonde:expect'
expect_no_out 'sonde:diff'

http_post reset >/dev/null
run_sonde run sonde.conf.js --spec specs/api.spec.js
expect_status 1
expect_clean
expect_out '[api #0-0] 3 passing'
expect_out '[api #0-0] 13 failing'
plain
expect_file_contains plain.txt 'AssertionError: Expected status 201, but received 200'
expect_frame api.spec.js 'AssertionError: Expected status 201, but received 200' '@status'
expect_file_contains plain.txt 'AssertionError: Expected status not to be 200'
expect_file_contains plain.txt 'AssertionError: Expected success status (2xx), but received 502'
expect_file_contains plain.txt 'AssertionError: Expected content-type to contain xml, but got "application/json"'
expect_file_contains plain.txt 'AssertionError: Expected header "x-request-id" to be present'
expect_file_contains plain.txt 'AssertionError: Expected body[5].name to equal "Eve", but body has 4 elements, so index 5 is out of range'
expect_file_contains plain.txt "AssertionError: Schema validation failed: 2 validation errors:
  - must have required property 'phone'
  - /email must be a valid uri"
expect_out_re '^\[api #0-0\] AssertionError: Expected response within 10ms, but took [0-9.]+ms$'
expect_file_contains plain.txt 'AssertionError: Expected status 200, but received 404'
expect_frame api.spec.js 'AssertionError: Expected status 200, but received 404' '@resolves'
expect_file_contains plain.txt 'Error: expect(received).toHaveStatus(expected)

Matcher error: received value must be an API response, but received a Promise (did you forget await?)'
expect_frame api.spec.js 'Error: expect(received).toHaveStatus(expected)' '@await'
expect_file_contains plain.txt 'Error: expect(received).toBeSuccess(expected)

Matcher error: received value must be an API response, but received an object without status and headers'
expect_file_contains plain.txt 'Error: Expect takes at most one argument.'
expect_file_contains plain.txt 'AssertionError: Expected status 418, but received 200'
expect_frame api.spec.js 'AssertionError: Expected status 418, but received 200' '@extended'
