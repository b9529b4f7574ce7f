# TLS and HTTP/2 (issue 4): certificates are verified unless NODE_TLS_REJECT_UNAUTHORIZED=0
# (which prints one warning per worker), CERT_INVALID on a self-signed certificate, and
# HTTP/2 negotiated through ALPN unless apiRunner.http2 is false. The test server's HTTPS
# listener and ALPN probe run on ports that GET /listeners reports.
listeners=$(http_get listeners)
TLS_PORT=$(printf '%s' "$listeners" | grep -oE '"https":[0-9]+' | cut -d: -f2)
H2_PORT=$(printf '%s' "$listeners" | grep -oE '"h2":[0-9]+' | cut -d: -f2)
[[ -n $TLS_PORT && $TLS_PORT != 0 && -n $H2_PORT && $H2_PORT != 0 ]] ||
  fail "the test server runs no TLS listeners: $listeners"
export TLS_PORT H2_PORT
http_post reset >/dev/null

unset NODE_TLS_REJECT_UNAUTHORIZED
run_sonde run verify.conf.js
expect_status 0
expect_out '[api #0-0] 1 passing'
expect_no_err 'NODE_TLS_REJECT_UNAUTHORIZED'

export NODE_TLS_REJECT_UNAUTHORIZED=0
run_sonde run sonde.conf.js
expect_status 0
expect_out_re 'Spec Files:	 2 passed, 2 total \(100% completed\)'
expect_out '[api #0-0] 3 passing'
expect_out '[api #0-1] 2 passing'
# One worker ran both spec files (several TLS requests): one warning.
n=$(grep -c 'NODE_TLS_REJECT_UNAUTHORIZED' "$ERR") || true
expect_eq "$n" 1 'warnings about NODE_TLS_REJECT_UNAUTHORIZED'

run_sonde run h1.conf.js
expect_status 0
expect_out '[api #0-0] 1 passing'
unset NODE_TLS_REJECT_UNAUTHORIZED
