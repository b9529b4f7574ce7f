# Cookies (issue 4): apiRunner.cookies keeps one cookie jar per worker, across requests,
# redirects and spec files; without it nothing is stored.
http_post reset >/dev/null
run_sonde run sonde.conf.js
expect_status 0
expect_out '[api #0-0] 4 passing'
expect_out '[api #0-1] 1 passing'

run_sonde run off.conf.js
expect_status 0
expect_out '[api #0-0] 1 passing'
