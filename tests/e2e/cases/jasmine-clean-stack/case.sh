# jasmineOpts.cleanStack (issue 16): by default (WebdriverIO's true) a failure's stack shows
# neither sonde's own frames nor those of packages in node_modules, in every report and in
# jasmine's reporters; cleanStack: false keeps every frame (sonde:jasmine ones too).
rm -rf out
run_sonde run sonde.conf.js
expect_status 1
expect_out 'Error: thrown inside a package'
expect_out 'Error: thrown by the real function'
expect_out_re 'at .*specs/stacks\.spec\.js:4:'
expect_out_re 'at .*specs/stacks\.spec\.js:5:'
expect_no_out 'node_modules/fakelib'
expect_no_out 'sonde:jasmine'
expect_out_re 'at call .*specs/stacks\.spec\.js:7:'
stacks=$(python3 stacks.py out/wdio-0-0-json-reporter.log)
[[ $stacks == *'stacks.spec.js:4:'* ]] || fail "the json report has no stack frame of the spec"
[[ $stacks != *'node_modules/fakelib'* ]] || fail "the json report shows a frame of node_modules"

rm -rf out
run_sonde run sonde.conf.js --jasmineOpts.cleanStack false
expect_status 1
expect_out_re 'at boom \(.*node_modules/fakelib/index\.js:2:'
expect_out_re 'at .*specs/stacks\.spec\.js:4:'
expect_out_re 'at spy \(sonde:jasmine-spies:[0-9]+:[0-9]+\)'
stacks=$(python3 stacks.py out/wdio-0-0-json-reporter.log)
[[ $stacks == *'node_modules/fakelib/index.js:2:'* ]] || fail "the json report lost the frame of node_modules"
rm -rf out
