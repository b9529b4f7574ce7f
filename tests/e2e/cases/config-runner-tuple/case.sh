# runner: ['api', { ...options }] (WebdriverIO's tuple form) runs like runner: 'api', its
# options under apiRunner's; a second item that is not an object is refused by file:line.
# WebdriverIO keys sonde has no use for (autoCompileOpts, ...) are accepted (issue 21 §2).
run_sonde run sonde.conf.js
expect_status 0
expect_out '1 passing'
expect_no_err 'autoCompileOpts'

# WebdriverIO keys that mean nothing to sonde are ignored with a debug line each.
run_sonde run sonde.conf.js --logLevel debug
expect_status 0
expect_err 'sonde:config: "autoCompileOpts" is a WebdriverIO option that means nothing to sonde: ignored'
expect_err 'sonde:config: "waitforTimeout" is a WebdriverIO option that means nothing to sonde: ignored'
expect_err 'sonde:config: "beforeCommand" is a WebdriverIO option that means nothing to sonde: ignored'

run_sonde run bad.conf.js
expect_status 1
expect_err_re 'bad\.conf\.js:3: "runner": the second item of \[.api., options\] must be an object \(got string\)'
