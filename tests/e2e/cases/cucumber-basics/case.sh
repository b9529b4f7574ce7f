# framework: 'cucumber' end to end: six feature files, one job each in file order
# (french 0-0, hooks 0-1, malformed 0-2, statuses 0-3, tables 0-4, users 0-5), their step
# definitions from cucumberOpts.require (CommonJS and ES modules, imported from
# @cucumber/cucumber, @wdio/cucumber-framework and sonde), against the test server.
run_sonde run sonde.conf.js
expect_status 1
# The malformed feature and the statuses fail; the others are not affected.
expect_out 'Spec Files:	 4 passed, 2 failed, 6 total (100% completed)'
expect_out '[0-2] FAILED in api - features/malformed.feature'
expect_out '[0-3] FAILED in api - features/statuses.feature'

# Feature → Scenario → steps in the spec reporter; outlines expanded per Examples row
# (names with the row's values), Background steps in every scenario, a Rule a nested suite.
expect_out_re '^\[api #0-5\] Users API$'
expect_out_re '^\[api #0-5\]    ✓ listing the users \([0-9]+ms\)$'
expect_out_re '^\[api #0-5\]        ✓ Given the users API is reset$'
expect_out_re '^\[api #0-5\]        ✓ And the response has 3 users$'
expect_out_re '^\[api #0-5\]    ✓ creating a user from a JSON doc string \([0-9]+ms\)$'
expect_out_re '^\[api #0-5\]        ✓ And the response field "name" is "Grace Hopper"$'
expect_out_re '^\[api #0-5\]    ✓ reading user 1 \([0-9]+ms\)$'
expect_out_re '^\[api #0-5\]    ✓ reading user 2 \([0-9]+ms\)$'
expect_out_re '^\[api #0-5\]    ✓ reading user 999 \([0-9]+ms\)$'
expect_out_re '^\[api #0-5\]        ✓ Then the status is 404$'
expect_out_re '^\[api #0-5\]     validation$'
expect_out_re '^\[api #0-5\]        ✓ an invalid email is refused \([0-9]+ms\)$'
expect_out_re '^\[api #0-5\]            ✓ And the response field "code" is "VALIDATION_ERROR"$'
expect_out_re '^\[api #0-5\] 6 passing'
expect_out_count '✓ Given the users API is reset' 6

# Data tables (hashes, rows, rowsHash, transpose, raw with escaped cells).
expect_out_re '^\[api #0-4\] 3 passing'
expect_out_re '^\[api #0-4\]        ✓ Then its raw form is \[\["a \| b","c\\\\d"\]\]$'

# `# language: fr`: French keywords, shown as written.
expect_out_re '^\[api #0-0\] Calculs$'
expect_out_re '^\[api #0-0\]        ✓ Quand j.ajoute 3$'
expect_out_re '^\[api #0-0\]        ✓ Alors le résultat est 5$'

# Hooks: BeforeAll once, Before/After with tag filters (the @tagged one only for its
# scenario), BeforeStep/AfterStep around each step with the step's result, After with the
# scenario's result; a custom World (fresh per scenario) as `this`; this.log's output.
expect_out '[0-1] ORDER beforeAll,before:hooks,step,/PASSED,step,/PASSED,after:PASSED:true,before:tagged,tagged,step,/PASSED,step,/PASSED,after:PASSED:true,before:a,step,/PASSED,after:PASSED:true'
expect_out '[0-1] LOGGED first'
expect_out_re '^\[api #0-1\] 3 passing'

# A malformed feature: one parse error with file:line:column, as Cucumber words it.
expect_out "features/malformed.feature:5:3: expected: #EOF, #TableRow, #DocStringSeparator, #StepLine, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Comment, #Empty, got 'this line is not Gherkin'"

# Statuses: an undefined step fails its scenario with a ready-to-paste snippet (other
# candidate expressions commented out) and WebdriverIO's hint; the steps after a failed,
# undefined or pending one are skipped (-) and never run; a pending step makes its scenario
# pending (strict is off by default, as in WebdriverIO); a step's own timeout; callback
# and async steps.
expect_out_re '^\[api #0-3\]    ✖ an undefined step \([0-9]+ms\)$'
expect_out_re '^\[api #0-3\]        - Given a step that nobody defined with "quoted" text and 42 items$'
expect_out_re '^\[api #0-3\]        - Then this step is skipped$'
expect_out 'Undefined step "Given a step that nobody defined with "quoted" text and 42 items" (features/statuses.feature:3)'
expect_out "[api #0-3] Given('a step that nobody defined with {string} text and {int} items', function (string, int) {
[api #0-3] // Given('a step that nobody defined with {string} text and {float} items', function (string, float) {
[api #0-3]   // Write code here that turns the phrase above into concrete actions
[api #0-3]   return 'pending';
[api #0-3] });"
expect_out '[api #0-3] You can ignore this error by setting cucumberOpts.ignoreUndefinedDefinitions as true.'
expect_out_re '^\[api #0-3\]    - a pending step$'
expect_out_re '^\[api #0-3\]        - Given a pending step$'
expect_out_re '^\[api #0-3\]        ✖ Given a step that throws$'
expect_out 'Error: the step threw on purpose'
expect_out 'steps/statuses.steps.js:7:'
expect_out 'function timed out, ensure the promise resolves within 100 milliseconds'
expect_out_re '^\[api #0-3\]    ✓ a callback step \([0-9]+ms\)$'
expect_out '[0-3] CALLBACK done'
expect_out '[0-3] ASYNC done'
expect_no_out 'RAN a skipped step'
# Ambiguous without failAmbiguousDefinitions: a warning naming both definitions, and the
# step pending, as WebdriverIO reports it.
expect_out 'several step definitions match "Given an ambiguous step" (features/statuses.feature:7); the step is pending (cucumberOpts.failAmbiguousDefinitions makes it fail):'
expect_out_re '^\[api #0-3\]    - an ambiguous step$'
expect_out '  an ambiguous step - steps/statuses.steps.js:3'
expect_out '  /^an ambiguous (step|thing)$/ - steps/statuses.steps.js:4'
expect_out_re '^\[api #0-3\] 1 passing'
expect_out_re '^\[api #0-3\] 3 failing'
expect_out_re '^\[api #0-3\] 2 skipped'

# junit: one testcase per scenario, the Rule's in its own testsuite.
expect_eq "$(grep -c '<testcase' junit/wdio-0-5-junit-reporter.log)" 6 'testcases of users.feature'
expect_file_contains junit/wdio-0-5-junit-reporter.log '<testcase classname="api.Users_API" name="reading user 999"'
expect_file_contains junit/wdio-0-5-junit-reporter.log '<testcase classname="api.Users_API_validation" name="an invalid email is refused"'
expect_eq "$(grep -c '<failure' junit/wdio-0-3-junit-reporter.log)" 3 'failed scenarios of statuses.feature'

# allure: a scenario's steps are its steps, each with the HTTP exchanges it made; an
# undefined step is broken, the steps after it skipped.
f=$(grep -l '"name": "reading user 999"' allure/*-result.json)
expect_eq "$(grep -o '"name": "\([^"\\]\|\\.\)*"' "$f" | head -n 10 | tr '\n' '|')" \
  '"name": "reading user 999"|"name": "Given the users API is reset"|"name": "POST /reset → 200"|"name": "Request"|"name": "Response"|"name": "When I GET \"/users/999\""|"name": "GET /users/999 → 404"|"name": "Request"|"name": "Response"|"name": "Then the status is 404"|' \
  'steps of an allure result'
# The scenario's tags are "tag" labels, an outline row's values its parameters.
expect_file_contains "$f" '"name": "tag",
      "value": "@missing"'
expect_file_contains "$f" '"name": "tag",
      "value": "@api"'
expect_file_contains "$f" '"name": "id",
      "value": "999"'
expect_file_contains "$f" '"name": "status",
      "value": "404"'
f=$(grep -l '"name": "an undefined step"' allure/*-result.json)
expect_eq "$(grep -o '"status": "[a-z]*"' "$f" | tr '\n' ' ')" '"status": "broken" "status": "broken" "status": "skipped" ' \
  'statuses of the undefined scenario and its steps'

# format json: Cucumber's JSON per job, the cid in the file name (cucumber-differential
# compares the document with cucumber-js's).
expect_file reports/cucumber-0-5.json
expect_file_contains reports/cucumber-0-5.json '"id": "users-api;validation;an-invalid-email-is-refused"'
expect_file_contains reports/cucumber-0-5.json '"location": "steps/api.steps.js:9"'
expect_file_contains reports/cucumber-0-3.json '"status": "undefined"'
expect_no_file reports/cucumber-0-2.json

# failAmbiguousDefinitions: the ambiguous step fails and names every definition.
run_sonde run sonde.conf.js --spec features/statuses.feature --cucumberOpts.failAmbiguousDefinitions true
expect_status 1
expect_out_re '^\[api #0-0\]    ✖ an ambiguous step \([0-9]+ms\)$'
expect_out 'Multiple step definitions match "Given an ambiguous step" (features/statuses.feature:7):
[api #0-0]   an ambiguous step - steps/statuses.steps.js:3
[api #0-0]   /^an ambiguous (step|thing)$/ - steps/statuses.steps.js:4'

# Tag expressions from the command line; tags of Examples select rows.
run_sonde run sonde.conf.js --spec features/users.feature --cucumberOpts.tags '@smoke or @missing'
expect_status 0
expect_out_re '^\[api #0-0\]    ✓ listing the users'
expect_out_re '^\[api #0-0\]    ✓ reading user 999'
expect_no_out 'reading user 1'
expect_no_out 'invalid email'
expect_out_re '^\[api #0-0\] 2 passing'

# cucumberOpts.language: the dialect of files without a "# language:" header.
run_sonde run sonde.conf.js --spec features-fr/sans-entete.feature --cucumberOpts.language fr
expect_status 0
expect_out_re '^\[api #0-0\] Sans en-tête de langue$'
expect_out_re '^\[api #0-0\]        ✓ Alors le résultat est 5$'
run_sonde run sonde.conf.js --spec features-fr/sans-entete.feature
expect_status 1
expect_out "features-fr/sans-entete.feature:1:1: expected: #EOF, #Language, #TagLine, #FeatureLine, #Comment, #Empty, got 'Fonctionnalité: Sans en-tête de langue'"

# tagExpression, WebdriverIO's former name of tags.
run_sonde run sonde.conf.js --spec features/users.feature --cucumberOpts.tagExpression '@smoke'
expect_status 0
expect_out_re '^\[api #0-0\]    ✓ listing the users'
expect_out_re '^\[api #0-0\] 1 passing'

# Line filters: the outline's line selects all its rows, an Examples row's line that row.
run_sonde run sonde.conf.js --spec features/users.feature:22 --spec features/tables.feature:17
expect_status 0
expect_out_re '^\[api #0-[01]\]    ✓ reading user 1 '
expect_out_re '^\[api #0-[01]\]    ✓ reading user 999 '
expect_no_out 'listing the users'
expect_out_re '^\[api #0-[01]\]    ✓ escapes in cells'
expect_no_out 'a table of pairs'
run_sonde run sonde.conf.js --spec features/users.feature:30
expect_status 0
expect_out_re '^\[api #0-0\]    ✓ reading user 2 '
expect_out_re '^\[api #0-0\] 1 passing'

# A config with only cucumber hooks runs them in the spec file's realm, as WebdriverIO's
# worker does: what beforeScenario sets the steps see, and afterScenario sees a step's.
run_sonde run realm.conf.js
expect_status 0
expect_out_re '^\[api #0-0\]        ✓ Given the scenario hook set a global$'
expect_out '[0-0] AFTER SCENARIO sees set by a step'
expect_out_re '^\[api #0-0\] 1 passing'
# They are checked as the other hooks are.
run_sonde run realm.conf.js --beforeStep 5
expect_status 1
expect_err '--beforeStep: "beforeStep" must be a function or an array of functions'
