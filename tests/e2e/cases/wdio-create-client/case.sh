# createApiClient (issue 21 §1): clients with their own base URL, headers, timeout, retries,
# verbosity and interceptors beside `api`; an absolute URL wins; options of the wrong type
# are TypeErrors; wdio-api-runner's (url, options) request interceptors ({ url, options },
# options, options with a url, nothing) mixed with the config form; response interceptors
# returning a spread copy, which assertResponse and expect accept.
http_post reset >/dev/null
run_sonde run sonde.conf.js
expect_status 0
expect_out_re 'Spec Files:	 2 passed, 2 total \(100% completed\)'
expect_out '[api #0-0] 12 passing'
expect_out '[api #0-1] 1 passing'
expect_out "→ GET $API_BASE_URL/echo/verbose-client"
expect_no_out "→ GET $API_BASE_URL/echo/quiet-global"
expect_eq "$(server_stat /echo/never-sent)" 0 'a bad interceptor result sends nothing'
expect_eq "$(server_stat /seq/client-retries)" 3 'the client retried twice'
