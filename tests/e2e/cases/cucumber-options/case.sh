# cucumberOpts (requireModule, retry, worldParameters, strict, ignoreUndefinedDefinitions,
# dryRun, name, failFast, scenarioLevelReporter, tags, language), custom parameter types,
# regular expressions, setDefaultTimeout, an error thrown from a step's timer, WebdriverIO's
# cucumber hooks with their arguments, and configuration and step-file errors.
# Jobs in file order: selection 0-0, types 0-1, world 0-2.
run_sonde run sonde.conf.js
expect_status 1
expect_out 'Spec Files:	 1 passed, 2 failed, 3 total (100% completed)'
# requireModule runs first (world.steps.js checks it), in every job.
expect_out_count '] SETUP loaded' 3
# WebdriverIO's hooks: feature (uri, feature), scenario (world, context) and
# (world, result, context), step (step, scenario, context) and (step, scenario, result,
# context); mocha's beforeTest/beforeSuite are not called under cucumber.
expect_out '[0-2] HOOK beforeFeature features/world.feature Feature: World parameters and modules'
expect_out '[0-2] HOOK beforeScenario the World has the parameters @world function in World parameters and modules'
expect_out '[0-2] HOOK beforeStep the world parameters say "e2e" @ the World has the parameters'
expect_out '[0-2] HOOK afterStep the world parameters say "e2e" true -'
expect_out '[0-2] HOOK afterScenario the World has the parameters PASSED true - number'
expect_out '[0-2] HOOK afterFeature features/world.feature World parameters and modules 2'
expect_out '[0-0] HOOK afterStep a failing step here false beta failed'
expect_out '[0-0] HOOK afterScenario beta fails FAILED false beta failed number'
expect_no_out 'HOOK beforeTest'
expect_no_out 'HOOK beforeSuite'
# setDefinitionFunctionWrapper wraps steps (with their wrapperOptions); callback steps keep
# their arity (the flaky and callback steps below still pass).
expect_out '[0-2] WRAPPED step-options'
# retry 1: a failed scenario runs again (↻ then its final state); the flaky one passes on
# its second attempt; an undefined step is not retried (it would be undefined again).
expect_out_re '^\[api #0-1\]    ↻ flaky passes on the second attempt'
expect_out_re '^\[api #0-1\]    ✓ flaky passes on the second attempt'
expect_out '[0-1] FLAKY passed at 2'
expect_out_re '^\[api #0-0\]    ↻ beta fails'
expect_no_out '↻ alpha passes'
expect_out_re '^\[api #0-0\]    ✖ alpha passes'
# Undefined is worse than pending: the scenario fails with the snippet.
expect_out 'Undefined step "And a step that nobody defined" (features/selection.feature:4)'
# Custom parameter types (transformers with the World as `this`, several groups), a
# regular expression whose (\d+) group is an int, biginteger as a BigInt, a type defined
# in a file loaded after the step that uses it.
expect_out_re '^\[api #0-1\]    ✓ a custom type and a regexp'
expect_out_re '^\[api #0-1\]        ✓ And a vanilla flavour$'
# A step's timer that throws fails that step; the next step is skipped.
expect_out_re '^\[api #0-1\]        ✖ Given a step whose timer throws$'
expect_out_re '^\[api #0-1\]        - Then this step is skipped$'
expect_out 'Error: thrown in a timer'
expect_no_out 'RAN skipped'

# ignoreUndefinedDefinitions: undefined steps are pending (WebdriverIO's "(undefined step)"
# title), so with strict off (the default) the scenario is pending...
run_sonde run sonde.conf.js --spec features/selection.feature --cucumberOpts.ignoreUndefinedDefinitions true --cucumberOpts.retry 0
expect_status 1
expect_out_re '^\[api #0-0\]    - alpha passes$'
expect_out_re '^\[api #0-0\]        - And a step that nobody defined \(undefined step\)$'
expect_out_re '^\[api #0-0\]    ✖ beta fails'
expect_out_re '^\[api #0-0\]    ✓ gamma passes'
expect_out_re '^\[api #0-0\] 1 skipped$'
# ... and with strict it fails.
run_sonde run sonde.conf.js --spec features/selection.feature --cucumberOpts.ignoreUndefinedDefinitions true --cucumberOpts.strict true --cucumberOpts.retry 0
expect_status 1
expect_out_re '^\[api #0-0\]    ✖ alpha passes'
expect_out 'Scenario "alpha passes" (features/selection.feature:2) has a pending step, which fails it as cucumberOpts.strict is on'

# tagsInTitle: WebdriverIO's "@tag, @tag: title" for features and scenarios.
run_sonde run sonde.conf.js --spec features/world.feature --cucumberOpts.tagsInTitle true
expect_status 0
expect_out_re '^\[api #0-0\] @world: World parameters and modules$'
expect_out_re '^\[api #0-0\]    ✓ @world: the World has the parameters'

# dryRun: steps are matched, not run (skipped, so the scenario is too); undefined steps
# still fail.
run_sonde run sonde.conf.js --spec features/selection.feature --cucumberOpts.dryRun true --cucumberOpts.retry 0
expect_status 1
expect_no_out 'RAN '
expect_no_out 'HOOK beforeScenario'
expect_out_re '^\[api #0-0\]    - beta fails$'
expect_out_re '^\[api #0-0\]        - Given a failing step here$'
expect_out_re '^\[api #0-0\]    ✖ alpha passes'

# name: a RegExp source against scenario names.
run_sonde run sonde.conf.js --spec features/selection.feature --cucumberOpts.name '^gam'
expect_status 0
expect_out_re '^\[api #0-0\]    ✓ gamma passes'
expect_no_out 'alpha passes'
expect_no_out 'beta fails'

# failFast: nothing runs after the first failed scenario.
run_sonde run sonde.conf.js --spec features/selection.feature --cucumberOpts.failFast true --cucumberOpts.retry 0
expect_status 1
expect_out_re '^\[api #0-0\]    ✖ alpha passes'
expect_no_out 'RAN failing step'
expect_no_out 'RAN passing step'

# scenarioLevelReporter: scenarios without their steps.
run_sonde run sonde.conf.js --spec features/world.feature --cucumberOpts.scenarioLevelReporter true
expect_status 0
expect_out_re '^\[api #0-0\]    ✓ the World has the parameters'
expect_no_out '✓ Given the world parameters say'

# Configuration errors: one line with the file (and the line when the key is in it).
run_sonde run bad-timeout.conf.js
expect_status 1
expect_err_re 'bad-timeout\.conf\.js:5: "cucumberOpts\.timeout" must be a number of milliseconds, 0 or more \(got string\)$'
run_sonde run sonde.conf.js --cucumberOpts.tags '@a and'
expect_status 1
expect_err '"cucumberOpts.tags": Tag expression "@a and" could not be parsed because of syntax error: Expected operand.'
run_sonde run sonde.conf.js --cucumberOpts.bogus 1
expect_status 1
expect_err '"cucumberOpts.bogus" is not an option sonde knows'
run_sonde run sonde.conf.js --cucumberOpts.language xx
expect_status 1
expect_err '"cucumberOpts.language" is "xx", which is not a Gherkin dialect'
run_sonde run sonde.conf.js --cucumberOpts.format pretty
expect_status 1
expect_err '"cucumberOpts.format" ("pretty") is not a format this sonde writes: "json:<file>", "message:<file>", "junit:<file>", "html:<file>" (each once), "progress" or "summary"'
run_sonde run sonde.conf.js --cucumberOpts.format message:
expect_status 1
expect_err '"cucumberOpts.format" ("message:") is not a format this sonde writes'
run_sonde run sonde.conf.js --cucumberOpts.requireModule ./support/missing.js
expect_status 1
expect_out "cucumberOpts.requireModule: cannot find module './support/missing.js'"

# Step-file errors fail the spec with the definition's file:line.
run_sonde run unknown-type.conf.js
expect_status 1
expect_out "Undefined parameter type 'colour'."
expect_out '    at bad-steps/unknown-type.js:2'
run_sonde run bad-tags.conf.js
expect_status 1
expect_out 'Tag expression "@a and" could not be parsed because of syntax error: Expected operand.'
expect_out 'bad-steps/bad-tags.js:2:'
