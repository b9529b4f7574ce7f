# The web globals (issue 3 item 1) from a config (load time, launcher and worker hooks)
# and from a spec. Expected values are what Node 20 prints for the same code.
run_sonde run sonde.conf.js
expect_status 0
expect_out_re 'Spec Files:	 1 passed, 1 total \(100% completed\)'

# the config: launcher hook (no cid) and worker hook
expect_out 'W onPrepare host=127.0.0.1 token=dXNlcjpzZWNyZXQ= params=q=a+b&n=1 sha256=969a8c9e0ecb54f7'
expect_out '[0-0] W before clone=1970-01-01T00:00:00.000Z,a uuid=36 perf=number'

# the spec
expect_out '[0-0] W url path=/users search=?role=admin&role=dev&q=a+b%26c roles=admin,dev port=true'
expect_out '[0-0] W params a=1&b=2&b=0 size=3 has=true'
expect_out '[0-0] W text len=10 back=héllo € b64=aGkh raw=hi!'
expect_out '[0-0] W abort true AbortError true TimeoutError'
expect_out '[0-0] W api-abort TimeoutError fast=true'
expect_out '[0-0] W clone true 1,2 1970-01-02T00:00:00.000Z true'
expect_out '[0-0] W crypto a9993e364706816aba3e25717850c26c9cd0d89d uuid=true rnd=8'
expect_out '[0-0] W timing sync,micro elapsed=true'
expect_out '[0-0] W event ping:true 8'
expect_out '8 passing'
