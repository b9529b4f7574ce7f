# Node's modules (issue 3 item 3) from a config (load time, launcher hooks starting and
# stopping a background process) and from a spec (import with node: names, require,
# createRequire, import.meta). Expected values are what Node 20 prints for the same code.
run_sonde run sonde.conf.js
expect_status 0
expect_out_re 'Spec Files:	 1 passed, 1 total \(100% completed\)'

# config
expect_out 'N config users=Ada,Linus eol="\n" tmp=string url=true'
expect_out 'N server ready pid=number'
expect_out 'N server stopped null SIGTERM killed=true'

# spec
expect_out '[0-0] N fs "line 1\nline 2\n" size=14 file=true names=data.txt.bak missing=ENOENT gone=true text=true'
expect_out '[0-0] N path /b/c ../c/d config.json builtins.spec.js true builtins.spec.js'
expect_out "[0-0] N util a:7:{\"k\":1} { a: [ 1, { b: 2 } ] } 42 true"
expect_out '[0-0] N events 1 ok slept 1'
expect_out '[0-0] N crypto 2f77668a08e9b14b6a7d2cfa62ddc861 ImoutPoPENJPjBxKTx56eDwFpPM= 969a8c9e0ecb54f7 EVrxRJ97ewh8F0rJFmdyYdi2FDeErVEF1agQxawFl6Y 16 36'
expect_out '[0-0] N child hello 3 2 Command failed: exit 2'
expect_out '[0-0] N buffer 9 c29uZGUg4pyT 736f6e6465 sonde azz 3 <Buffer 68 69>'
expect_out '[0-0] N stdout write'
expect_out '[0-0] N process linux true number number bigint 5 true true'
expect_out '[0-0] N require true true os function'
expect_out '9 passing'
