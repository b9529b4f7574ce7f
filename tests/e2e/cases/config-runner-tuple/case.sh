# runner: ['api', { ...options }] (WebdriverIO's tuple form) runs like runner: 'api', its
# options under apiRunner's; a second item that is not an object is refused by file:line.
run_sonde run sonde.conf.js
expect_status 0
expect_out '1 passing'

run_sonde run bad.conf.js
expect_status 1
expect_err_re 'bad\.conf\.js:3: "runner": the second item of \[.api., options\] must be an object \(got string\)'
