# assertResponse against the test server. pass.spec.js runs every method of the chain
# passing (also negated with .not, joined with .and, through every alias of the module);
# fail.spec.js fails once per test, and this file checks each message the spec reporter
# prints and that each failure's first stack frame is the spec line that made the call.

# plain.txt: stdout without the reporter's "[api #0-0] " prefixes, so multi-line
# messages can be matched as they were thrown.
plain() { sed 's/^\[api #[0-9-]*\] \{0,1\}//' "$OUT" >plain.txt; }
# expect_msg TEXT: the reporter printed TEXT as an AssertionError (message and stack head).
expect_msg() { expect_file_contains plain.txt "AssertionError: $1"; }
# expect_frame TEXT MARKER: the first stack frame under the error whose message starts
# with TEXT is the line of specs/fail.spec.js holding MARKER.
expect_frame() {
  local want got
  want=$(grep -n -F -- "$2" specs/fail.spec.js | head -n 1 | cut -d: -f1)
  got=$(awk -v h="AssertionError: $1" 'index($0, h) == 1 { f = 1; next }
    f && /^    at / { print; exit }' plain.txt | grep -oE 'fail\.spec\.js:[0-9]+:[0-9]+')
  expect_eq "${got%:*}" "fail.spec.js:$want" "first frame of \"$1\""
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
expect_out '[api #0-0] 7 passing'
expect_no_out 'failing'

http_post reset >/dev/null
run_sonde run sonde.conf.js --spec specs/fail.spec.js
expect_status 1
expect_clean
expect_out '[api #0-0] 68 failing'
expect_no_out '✓'
plain

# status
expect_msg 'Expected status 404, but received 200'
expect_frame 'Expected status 404, but received 200' '@toHaveStatus'
expect_msg 'Expected status not to be 200'
expect_frame 'Expected status not to be 200' '@notToHaveStatus'
expect_msg 'Expected success status (2xx), but received 404'
expect_msg 'Expected success status (2xx), but received 500'
expect_msg 'Expected status not to be success (2xx), but received 200'
expect_msg 'Expected redirect status (3xx), but received 200'
expect_msg 'Expected client error status (4xx), but received 200'
expect_msg 'Expected server error status (5xx), but received 404'
expect_msg 'Expected status 201 (Created), but received 200'
expect_msg 'Expected status 202 (Accepted), but received 200'
expect_msg 'Expected status 204 (No Content), but received 200'
expect_msg 'Expected status 400 (Bad Request), but received 200'
expect_msg 'Expected status 401 (Unauthorized), but received 200'
expect_msg 'Expected status 403 (Forbidden), but received 200'
expect_msg 'Expected status 404 (Not Found), but received 200'
expect_msg 'Expected status not to be 404 (Not Found)'
expect_msg 'Expected status 409 (Conflict), but received 200'
expect_msg 'Expected status 422 (Unprocessable Content), but received 200'
expect_msg 'Expected status 429 (Too Many Requests), but received 200'
expect_msg 'Expected status 500 (Internal Server Error), but received 503'
expect_msg 'Expected status 503 (Service Unavailable), but received 500'
expect_msg 'Expected status text "Created", but received "OK"'
expect_msg 'Expected status text not to be "OK"'
# A chain stops at its first failing link, which is the frame reported.
expect_msg 'Expected status text "Accepted", but received "OK"'
expect_frame 'Expected status text "Accepted"' '@chain'

# headers
expect_msg 'Expected header "x-id" to be present'
expect_frame 'Expected header "x-id" to be present' '@header'
expect_msg 'Expected header "content-type" not to be present, but it was "application/json"'
expect_msg 'Expected header "content-type" to equal text/html, but got "application/json"'
expect_msg 'Expected header "x-id" to equal abc, but it was not present'
expect_msg 'Expected header "content-type" to match /xml/, but got "application/json"'
expect_msg 'Expected header "content-type" not to equal application/json, but got "application/json"'
expect_msg 'Expected content-type to be application/json, but got "text/plain; charset=utf-8"'
expect_msg 'Expected content-type to be text/plain; charset=latin1, but got "text/plain; charset=utf-8"'
expect_msg 'Expected content-type to be json, but got "application/json"'
expect_msg 'Expected content-type to be application/json, but the response has no content-type header'
expect_msg 'Expected content-type not to be text/plain, but got "text/plain; charset=utf-8"'

# body: what was received is shown, at most 200 characters of it
expect_msg 'Expected response to have a body, but the body is empty'
expect_msg 'Expected response not to have a body, but received: hello from sonde'
expect_msg 'Expected response to have an empty body, but received: {"id":1,"name":"Ada Lovelace","email":"ada@example.com","role":"admin","createdAt":"2024-01-15T09:30:00.000Z"}'
expect_msg 'Expected response not to have an empty body, but the body is empty'
expect_msg 'Expected body length 2, but got 3'
expect_msg 'Expected body length 2, but the body is an object, not an array or string'
expect_msg 'Expected body length not to be 3'
expect_msg 'Expected body to contain "Grace", but received: {"id":1,"name":"Ada Lovelace",'
expect_frame 'Expected body to contain "Grace"' '@containing'
expect_msg 'Expected body to contain "Linus", but received (first 200 of 334 characters): [{"id":1,"name":"Ada Lovelace","email":"ada@example.com","role":"admin","createdAt":"2024-01-15T09:30:00.000Z"},{"id":2,"name":"Grace Hopper","email":"grace@example.com","role":"user","createdAt":"202...'
expect_msg 'Expected body not to contain "hello", but received: hello from sonde'
expect_msg 'Expected body to contain "x", but the body is empty'
expect_msg 'Expected body to match /^bye/, but received: hello from sonde'
expect_msg 'Expected body not to match /sonde$/, but received: hello from sonde'

# property paths: both values, or exactly where the path stops
expect_msg 'Expected body.json.user.name to equal "Ann", but got "Bob"'
expect_frame 'Expected body.json.user.name to equal "Ann"' '@property'
expect_msg 'Expected body.json.data[0] to equal {"tags":[]}, but got {"tags":[{"name":"x"}]}'
expect_msg 'Expected body to have property "json.user.email", but body.json.user has no property "email"'
expect_msg 'Expected body to have property "json.data[0].tags[1].name", but body.json.data[0].tags has 1 element, so index 1 is out of range'
expect_msg 'Expected body to have property "json.user.address.city", but body.json.user.address is null'
expect_msg 'Expected body to have property "json.count.value", but body.json.count is a number, not an object'
expect_msg 'Expected body.json.users[0] to equal 1, but body.json has no property "users"'
expect_msg 'Expected body not to have property "json.user.name", but body.json.user.name is "Bob"'
expect_msg 'Expected body.json.count not to equal 3'
expect_file_contains plain.txt 'TypeError: toHaveBodyProperty: invalid property path: empty key at position 5 of "json..user"'

# timing and schema
expect_out_re '^\[api #0-0\] AssertionError: Expected response within 20ms, but took [0-9.]+ms$'
expect_frame 'Expected response within 20ms' '@within'
expect_out_re '^\[api #0-0\] AssertionError: Expected response not to be within 5000ms, but it was \([0-9.]+ms\)$'
expect_msg 'Schema validation failed: /id must be string'
expect_msg "Schema validation failed: 6 validation errors:
  - must have required property 'nick'
  - /id must be string
  - has unexpected property 'name'
  - /email must match pattern \"^admin@\"
  - /role must be one of: owner, guest
  - has unexpected property 'createdAt'
    at "
expect_frame 'Schema validation failed: 6 validation errors:' '@schema'
expect_msg "Schema validation failed: 4 validation errors:
  - must NOT have more than 2 items
  - /0 must have required property 'phone'
  - /1 must have required property 'phone'
  - /2 must have required property 'phone'"
expect_msg 'Expected body not to match schema, but it did'
expect_file_contains plain.txt 'Error: toMatchSchema(schema): invalid schema at /type: "banana" is not a JSON Schema type'

# usage errors say what is wrong, at the caller's line
expect_file_contains plain.txt 'TypeError: assertResponse(response) expects an API response, but received a Promise (did you forget await?)'
expect_file_contains plain.txt 'TypeError: assertResponse(response) expects an API response, but received an object without status and headers'
expect_file_contains plain.txt 'TypeError: toHaveStatus(code): code must be a number, got string'
await_line=$(grep -n -F '@await' specs/fail.spec.js | cut -d: -f1)
expect_file_contains plain.txt "did you forget await?)
    at $PWD/specs/fail.spec.js:$await_line:"

# No frame of sonde's own scripts reaches the user.
expect_no_out 'sonde:expect'
expect_no_out 'sonde:assert'
