# Bodies (issue 4): request bodies of every kind with their Content-Type (never overwriting
# the caller's), response parsing by type (invalid JSON kept as text with parseError, text,
# XML, form, binary as ArrayBuffer), text()/json()/bytes(), gzip/deflate/br decoding and
# size, truncated bodies, and redirects (followed up to maxRedirects with fetch's method
# rules, manual, error, credentials dropped across origins).
http_post reset >/dev/null
run_sonde run sonde.conf.js
expect_status 0
expect_out_re 'Spec Files:	 3 passed, 3 total \(100% completed\)'
expect_out_re '^\[api #0-[0-9]\] 9 passing'
expect_out_re '^\[api #0-[0-9]\] 8 passing'
expect_out_re '^\[api #0-[0-9]\] 6 passing'
expect_eq "$(server_stat /redirect/6)" 1 'the 6th redirect was requested once'
expect_eq "$(server_stat /truncated)" 1 'a truncated body is not retried without retries'
