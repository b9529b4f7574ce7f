# Contract testing against the test server: openapi/users.yaml (OpenAPI 3.1, YAML, its User
# in another file with a $ref cycle) from apiRunner.openapi, openapi/users-30.json (3.0,
# JSON, nullable and boolean exclusiveMinimum) and a document given as an object through
# loadApiSpec. pass*.spec.js pass (the deliberate mismatches only negated); fail.spec.js
# fails once per test, and each message is checked here. Broken documents stop the run
# before any test with one error naming the file and the JSON pointer (or line). Documents
# at URLs come from the test server's /files/ (this case's folder).

plain() { sed 's/^\[api #[0-9-]*\] \{0,1\}//' "$OUT" >plain.txt; }
expect_clean() {
  expect_no_err 'Sanitizer'
  expect_no_err 'runtime error:'
}

http_post reset >/dev/null
run_sonde run sonde.conf.js --spec specs/pass.spec.js --spec specs/pass30.spec.js
expect_status 0
expect_clean
expect_out '[api #0-0] 7 passing'
expect_out '[api #0-1] 3 passing'
expect_no_out 'failing'

http_post reset >/dev/null
run_sonde run sonde.conf.js --spec specs/fail.spec.js
expect_status 1
expect_clean
expect_out '[api #0-0] 10 failing'
expect_no_out '✓'
plain
# the operation, the response key and every schema error with its instance path
expect_file_contains plain.txt "AssertionError: GET /health (response '200') does not satisfy openapi/users.yaml:
  - body must have required property 'uptime'
    at "
expect_file_contains plain.txt "  - content type text/plain is not declared for this response; it declares application/json"
expect_file_contains plain.txt "AssertionError: GET /problem does not satisfy openapi/users.yaml:
  - status 404 is not declared (nor 4XX or default); it declares: 200"
expect_file_contains plain.txt "AssertionError: The response matches no operation of openapi/users.yaml:
  - no path of openapi/users.yaml matches GET /echo; it declares:
      GET /users
      POST /users
      GET /users/{id}
      DELETE /users/{id}
      GET /health
      GET /text
      GET /problem
    at "
expect_file_contains plain.txt "  - openapi/users.yaml declares no PUT operation on /users/{id}; it declares: GET DELETE"
expect_file_contains plain.txt "AssertionError: Expected response not to satisfy GET /users/{id} (response '200') of openapi/users.yaml, but it did"
expect_file_contains plain.txt "Error: toSatisfySchemaInApiSpec(): openapi/users.yaml has no schema \"Nope\" in components.schemas; it has: Error User"
expect_file_contains plain.txt "AssertionError: Value does not satisfy schema 'Error' of openapi/users.yaml:
  - must have required property 'message'
  - /code must be string"
expect_file_contains plain.txt "AssertionError: GET /users/{id} (response '200') does not satisfy openapi/users-30.json:
  - body /role must be one of: admin"
expect_file_contains plain.txt "Error: loadApiSpec(): openapi/none.yaml: cannot read the API document: no such file (or not readable)"
# the first frame is the spec's line
expect_file_contains plain.txt "fail.spec.js:6:"

# broken documents: one error before any test runs
for doc in broken-ref broken-syntax missing; do
  OPENAPI_DOC=./openapi/$doc.yaml run_sonde run sonde.conf.js
  expect_status 1
  expect_no_out 'passing'
done
OPENAPI_DOC=./openapi/broken-ref.yaml run_sonde run sonde.conf.js
expect_err 'sonde: apiRunner.openapi: openapi/broken-ref.yaml: /paths/~1users/get/responses/200/content/application~1json/schema/$ref: $ref "./schemas/user.yaml#/Users" cannot be resolved: openapi/schemas/user.yaml has nothing at /Users'
OPENAPI_DOC=./openapi/broken-syntax.yaml run_sonde run sonde.conf.js
expect_err 'sonde: apiRunner.openapi: openapi/broken-syntax.yaml:4:1: YAML syntax error: did not find expected node content'
OPENAPI_DOC=./openapi/missing.yaml run_sonde run sonde.conf.js
expect_err 'sonde: apiRunner.openapi: openapi/missing.yaml: cannot read the API document: no such file (or not readable)'

# documents at URLs (the test server's /files/ serves this case's folder): the config's
# document at a URL, its relative $ref resolved against it. The launcher fetches the
# document and its $refs and hands the texts to the workers: two workers, one fetch each.
U=$API_BASE_URL/files/openapi
fetches() { http_get "log?path=/files/openapi/$1" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))'; }
http_post reset >/dev/null
http_post log/reset >/dev/null
OPENAPI_DOC=$U/users.yaml run_sonde run sonde.conf.js --spec specs/pass.spec.js \
  --spec specs/url.spec.js --maxInstances 2
expect_status 0
expect_clean
expect_out '7 passing'
expect_out '3 passing'
expect_out "OpenAPI coverage of $U/users.yaml: "
expect_eq "$(fetches users.yaml)" 1 'the config document at a URL is fetched once per run'
expect_eq "$(fetches schemas/user.yaml)" 1 'a $ref of a document at a URL is fetched once per run'
# a file whose $refs are URLs
cat >openapi/url-ref.yaml <<EOF
openapi: 3.1.0
info: {title: url refs, version: '1'}
paths:
  /users/{id}:
    get:
      responses:
        '200':
          description: a user
          content:
            application/json:
              schema: {\$ref: '$U/schemas/user.yaml#/User'}
EOF
sed 's|/schemas/user.yaml#/User|/schemas/gone.yaml#/User|' openapi/url-ref.yaml >openapi/url-gone.yaml
http_post reset >/dev/null
OPENAPI_DOC=./openapi/url-ref.yaml run_sonde run sonde.conf.js --spec specs/url.spec.js
expect_status 0
expect_out '3 passing'
# bad documents at URLs: one error naming the URL (and the $ref's pointer), no test runs
for doc in http://127.0.0.1:1/openapi.yaml "$U/none.yaml" "$API_BASE_URL/text" ./openapi/url-gone.yaml; do
  OPENAPI_DOC=$doc run_sonde run sonde.conf.js --spec specs/url.spec.js
  expect_status 1
  expect_clean
  expect_no_out 'passing'
  case $doc in
  *:1/*) expect_err 'sonde: apiRunner.openapi: http://127.0.0.1:1/openapi.yaml: cannot read the API document: cannot fetch it: ' ;;
  */none.yaml) expect_err "sonde: apiRunner.openapi: $U/none.yaml: cannot read the API document: the server answered HTTP 404 Not Found" ;;
  */text) expect_err "sonde: apiRunner.openapi: $API_BASE_URL/text: (root): an API document must be an object" ;;
  *) expect_err "sonde: apiRunner.openapi: openapi/url-gone.yaml: /paths/~1users~1{id}/get/responses/200/content/application~1json/schema/\$ref: \$ref \"$U/schemas/gone.yaml#/User\" cannot be resolved: $U/schemas/gone.yaml: cannot read the API document: the server answered HTTP 404 Not Found" ;;
  esac
done

# coverage: the table after the summary, openapi-coverage.json in outputDir, minCoverage
http_post reset >/dev/null
OPENAPI_JUNIT=1 run_sonde run sonde.conf.js --spec specs/pass.spec.js --spec specs/pass30.spec.js \
  --outputDir out --openapi.minCoverage 80
expect_status 0
expect_out 'OpenAPI coverage of openapi/users.yaml: 8 of 9 documented responses exercised (88.9%)
  GET /users          200      1 call
  POST /users         201      1 call
                      400      1 call
  GET /users/{id}     200      1 call
                      4XX      1 call
  DELETE /users/{id}  204      1 call
  GET /health         200      1 call, 1 violation
  GET /text           200      1 call, 1 violation
  GET /problem        200      never called
                      other    1 call with an undocumented status
  1 response matched no operation'
expect_out "OpenAPI coverage of openapi/users-30.json: 2 of 2 documented responses exercised (100.0%)
  GET /users/{id}  200      1 call
                   default  1 call"
expect_out "OpenAPI coverage of the API document 'inline': 1 of 1 documented responses exercised (100.0%)"
expect_file out/openapi-coverage.json
expect_file_contains out/openapi-coverage.json '"document": "openapi/users.yaml"'
expect_file_contains out/openapi-coverage.json '"exercised": 8'
# the junit reporter: the coverage as properties of a document of its own, valid JUnit
J=out/junit/wdio-openapi-junit-reporter.log
expect_file "$J"
expect_file_contains "$J" '<testsuite name="OpenAPI coverage of openapi/users.yaml" '
expect_file_contains "$J" '<property name="openapi.document" value="openapi/users.yaml"/>
      <property name="openapi.coverage" value="88.9"/>
      <property name="openapi.exercised" value="8"/>
      <property name="openapi.documented" value="9"/>'
expect_file_contains "$J" '<property name="openapi.coverage" value="100.0"/>'

http_post reset >/dev/null
run_sonde run sonde.conf.js --spec specs/pass.spec.js --openapi.minCoverage 90
expect_status 1
expect_out '7 passing'
expect_err 'sonde: OpenAPI coverage of openapi/users.yaml is 88.9%, below minCoverage 90%'
run_sonde run sonde.conf.js --spec specs/pass.spec.js --openapi.minCoverage lots
expect_status 1
expect_err '"openapi.minCoverage" must be a percentage from 0 to 100'

# automatic mode: 'all' fails the test whose response violates the document
http_post reset >/dev/null
OPENAPI_VALIDATE=all run_sonde run sonde.conf.js --spec specs/auto.spec.js
expect_status 1
expect_out '[api #0-0] 2 passing'
expect_out '[api #0-0] 1 failing'
plain
expect_file_contains plain.txt "1) automatic mode a violation fails the test
GET /health (response '200') does not satisfy openapi/users.yaml:
  - body must have required property 'uptime'"
# its stack starts at the spec's line that made the request, as other assertion errors'
expect_file_contains plain.txt "  - body must have required property 'uptime'
    at "
expect_file_contains plain.txt "auto.spec.js:13:"
# 'warn' prints the same and fails nothing
http_post reset >/dev/null
OPENAPI_VALIDATE=warn run_sonde run sonde.conf.js --spec specs/auto.spec.js
expect_status 0
expect_out '[api #0-0] 3 passing'
expect_err "GET /health (response '200') does not satisfy openapi/users.yaml:"
OPENAPI_VALIDATE=often run_sonde run sonde.conf.js --spec specs/auto.spec.js
expect_status 1
expect_err "\"apiRunner.openapi.validate\" must be 'all', 'warn' or 'off' (got often)"

# validateRequests: each request is checked before it is sent. 'all' rejects a violating
# call unsent (the test fails at the line that made it); 'warn' prints and sends it.
posts() { http_get "log?path=/users" | python3 -c 'import json,sys; print(sum(e.get("method") == "POST" for e in json.load(sys.stdin)))'; }
http_post reset >/dev/null
http_post log/reset >/dev/null
OPENAPI_VALIDATE=all OPENAPI_REQUESTS=true run_sonde run sonde.conf.js --spec specs/requests.spec.js
expect_status 1
expect_clean
expect_out '[api #0-0] 1 passing'
expect_out '[api #0-0] 3 failing'
plain
expect_file_contains plain.txt "1) request checks a body against its schema
The request to POST /users does not satisfy openapi/users.yaml:"
expect_file_contains plain.txt "  - body/name must NOT have fewer than 1 characters"
expect_file_contains plain.txt "  - body/email must be a valid email"
expect_file_contains plain.txt "requests.spec.js:13:"
expect_file_contains plain.txt "The request to GET /users does not satisfy openapi/users.yaml:
  - query.limit must be integer"
expect_file_contains plain.txt "The request to GET /users/{id} does not satisfy openapi/users.yaml:
  - path.id must be integer"
expect_eq "$(posts)" 1 'a request that violates the contract is not sent'
http_post reset >/dev/null
http_post log/reset >/dev/null
OPENAPI_VALIDATE=warn OPENAPI_REQUESTS=true run_sonde run sonde.conf.js --spec specs/requests.spec.js
expect_status 0
expect_out '[api #0-0] 4 passing'
expect_err "The request to POST /users does not satisfy openapi/users.yaml:"
expect_eq "$(posts)" 2 "with 'warn' the request is sent"
OPENAPI_VALIDATE=all OPENAPI_REQUESTS='"yes"' run_sonde run sonde.conf.js --spec specs/requests.spec.js
expect_status 1
expect_no_out 'passing'
expect_err '"apiRunner.openapi.validateRequests" must be true or false (got string)'

# validateRequests without `validate`: requests are checked all the same (a violation
# rejects the call unsent) and responses are not. Parameter types come from the compiled
# schema (allOf, a $ref into an $id), path parameters from the template's match (a.tar.gz
# of {name}.{ext} is a.tar and gz), cookies from the Cookie header.
echoes() { http_get "log?path=/echo/a.tar.gz" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))'; }
http_post reset >/dev/null
http_post log/reset >/dev/null
OPENAPI_DOC=./openapi/requests.yaml OPENAPI_REQUESTS=true run_sonde run sonde.conf.js \
  --spec specs/requests-params.spec.js
expect_status 1
expect_clean
expect_out '[api #0-0] 3 passing'
expect_out '[api #0-0] 4 failing'
plain
expect_file_contains plain.txt "1) request parameters are checked against their schemas
The request to GET /users does not satisfy openapi/requests.yaml:
  - query.limit must be >= 1"
expect_file_contains plain.txt "2) request parameters include cookies
The request to GET /echo/{name}.{ext} does not satisfy openapi/requests.yaml:
  - cookie.session must match pattern \"^s-[0-9]+\$\""
expect_file_contains plain.txt "3) request parameters include required cookies
The request to GET /echo/{name}.{ext} does not satisfy openapi/requests.yaml:
  - cookie.session is required, but the request has none"
expect_file_contains plain.txt "4) request parameters are checked in their styles
The request to GET /echo/v/{ver} does not satisfy openapi/requests.yaml:
  - query.rgb/R must be <= 255"
expect_eq "$(echoes)" 1 'requests that violate the contract are not sent'
# with apiRunner.cookies, the jar may add a cookie the check cannot see: not reported missing
http_post reset >/dev/null
OPENAPI_DOC=./openapi/requests.yaml OPENAPI_REQUESTS=true OPENAPI_COOKIES=1 run_sonde run \
  sonde.conf.js --spec specs/requests-params.spec.js
expect_status 1
expect_clean
expect_out '[api #0-0] 4 passing'
expect_out '[api #0-0] 3 failing'
expect_out 'cookie.session must match pattern'
expect_no_out 'cookie.session is required'

# form bodies: urlencoded and multipart, each field read by its property's schema
http_post reset >/dev/null
OPENAPI_DOC=./openapi/requests.yaml OPENAPI_REQUESTS=true run_sonde run sonde.conf.js \
  --spec specs/requests-forms.spec.js
expect_status 1
expect_clean
expect_out '[api #0-0] 1 passing'
expect_out '[api #0-0] 1 failing'
plain
expect_file_contains plain.txt "1) request forms are checked against their schemas
The request to POST /echo/form does not satisfy openapi/requests.yaml:
  - body/age must be >= 18"

# response headers: typed from their compiled schemas as request header parameters are
http_post reset >/dev/null
run_sonde run sonde.conf.js --spec specs/headers.spec.js
expect_status 1
expect_clean
expect_out '[api #0-0] 1 passing'
expect_out '[api #0-0] 2 failing'
plain
expect_file_contains plain.txt "1) response headers stay text where the schema names no type
GET /respond (response '200') does not satisfy openapi/headers.yaml:
  - header X-Note must NOT have more than 3 characters"
expect_file_contains plain.txt "2) response headers are judged as text by a string schema
GET /respond (response '200') does not satisfy openapi/headers.yaml:
  - header X-Code must NOT have more than 4 characters
  - header X-Count must be integer"

# jasmine: the matchers through jasmine's expect; a violation is a failed expectation
http_post reset >/dev/null
run_sonde run jasmine.conf.js
expect_status 1
expect_out '[api #0-0] 1 passing'
expect_out '[api #0-0] 1 failing'
plain
expect_file_contains plain.txt "GET /health (response '200') does not satisfy openapi/users.yaml:
  - body must have required property 'uptime'"

# last, as it needs ../shared: the coverage document is valid against junit-10.xsd
require_shared conformance/junit/junit-10.xsd
xmllint --noout --nonet --schema "$SHARED_DIR/conformance/junit/junit-10.xsd" "$J" \
  2>"$E2E_TMP/xmllint.log" || fail "$J is not valid JUnit: $(cat "$E2E_TMP/xmllint.log")"
