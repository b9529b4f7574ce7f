# Interceptors and header control (issue 4): request interceptors in order, async, mutating
# or replacing the config, before every attempt, throwing; response interceptors; removal;
# setHeader/setHeaders/removeHeader/getHeaders, setBaseUrl/getBaseUrl, api.request. The
# second spec file (same worker) proves that all of it is per spec file.
http_post reset >/dev/null
run_sonde run sonde.conf.js
expect_status 0
expect_out_re 'Spec Files:	 2 passed, 2 total \(100% completed\)'
expect_out '[api #0-0] 9 passing'
expect_out '[api #0-1] 7 passing'
expect_eq "$(server_stat /echo/never)" 0 'a throwing interceptor sends nothing'
expect_eq "$(server_stat /seq/tries)" 3 'attempts with an interceptor'
