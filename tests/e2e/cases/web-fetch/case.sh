# fetch and its classes (issue 3 item 2), from a launcher hook and from specs, against the
# test server; expected values are what Node 20's fetch (undici) gives for the same code.
http_post stats/reset >/dev/null
run_sonde run sonde.conf.js
expect_status 0
expect_out_re 'Spec Files:	 1 passed, 1 total \(100% completed\)'

expect_out 'F onPrepare 200 true {"status":"ok"}'
expect_out '[0-0] F get 200 true OK application/json x=1 y=a b h=yes ua=node accept=*/* used=true type=basic'
expect_out '[0-0] F post POST 1 application/json | PUT plain text/plain;charset=UTF-8'
expect_out '[0-0] F form multipart/form-data true true'
expect_out '[0-0] F urlenc q=a+b&n=2 application/x-www-form-urlencoded;charset=UTF-8 | PATCH raw'
expect_out '[0-0] F redirect 200 true /echo | 301 /echo | TypeError: fetch failed (unexpected redirect)'
expect_out '[0-0] F bodies hello from sonde | 16 text/plain; charset=utf-8 | 16 | 200 null | 404 false Not here | Body is unusable: Body has already been read'
expect_out '[0-0] F errors TimeoutError: The operation was aborted due to timeout | AbortError: This operation was aborted | TypeError: fetch failed ECONNREFUSED | TypeError: Failed to parse URL from /relative fast=true'
expect_out '[0-0] F build 201 application/json {"ok":1} | set-cookie=a=1;set-cookie=b=2;x-b=1, 2 | 2'
expect_out '[0-0] F shared done'
expect_out '7 passing'

# fetch in a spec goes through the api client's connection cache: api, fetch, api on one
# kept-alive connection (the launcher hook's fetch has its own client: one more).
http_post stats/reset >/dev/null
run_sonde run sonde.conf.js --mochaOpts.grep 'shares the api client'
expect_status 0
expect_out '1 passing'
expect_eq "$(server_stat connections)" 2 'connections (launcher hook + one shared by api and fetch)'
expect_eq "$(server_stat /echo)" 3 'requests to /echo'
