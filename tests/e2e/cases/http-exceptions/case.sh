# JavaScript exceptions on the request path (issue 13 item 8): every getter, toString(),
# interceptor or thenable that throws becomes the call's rejection (or its throw), never a
# request sent without the part that threw.
http_post reset >/dev/null
run_sonde run sonde.conf.js
expect_status 0
expect_out_re '^\[api #0-[01]\] 7 passing'
expect_out_re '^\[api #0-[01]\] 6 passing'
