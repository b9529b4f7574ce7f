# Headers set by interceptors keep the case they were given (issue 21 §3): in the verbose
# log, the failure dump of the spec reporter and the HAR file, names are spelled as the
# config, setHeader and each interceptor wrote them; JavaScript reads them as fetch does.
http_post reset >/dev/null
run_sonde run sonde.conf.js
expect_status 1
expect_out '[0-0] JS has=true get=trace-1 keys=accept,x-suite,x-default-thing,x-trace-id,content-type'
expect_out '[0-0] PLAIN Accept,X-Suite,X-Default-Thing,X-Trace-ID,content-TYPE'
expect_out '[0-0] WIRE x-suite,x-default-thing,x-trace-id,x-wdio-style'
# verbose log (live) and the spec reporter's failure dump
for prefix in '[0-0]' '[api #0-0]'; do
  expect_out "$prefix   Accept: application/json
$prefix   X-Suite: headers
$prefix   X-Default-Thing: d
$prefix   X-Trace-ID: trace-1
$prefix   content-TYPE: application/json
$prefix   X-WDIO-Style: w"
done
expect_no_out 'x-trace-id: '
expect_no_out 'x-wdio-style: '
har=$(ls har-logs/*.har)
names=$(jq -r '.log.entries[0].request.headers | map(.name) | join(",")' "$har")
expect_eq "$names" 'Accept,X-Suite,X-Default-Thing,X-Trace-ID,content-TYPE,X-WDIO-Style' 'HAR request header names'
