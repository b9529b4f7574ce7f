# Worker slots and connection reuse, proven on the wire through the server's /stats:
# maxInstances bounds how many spec files run at once, and a worker reuses its keep-alive
# connection across the spec files it runs.

# 4 spec files, each holding one 400 ms request, 2 workers: exactly 2 at a time.
http_post reset >/dev/null
run_sonde run sonde.conf.js
expect_status 0
expect_out 'Execution of 4 workers started at '
for i in 0 1 2 3; do
  n=$((i + 1))
  expect_out "[0-$i] RUNNING in api - delay/d$n.spec.js"
  expect_out "[0-$i] delay $n done"
  expect_out "[0-$i] PASSED in api - delay/d$n.spec.js"
  expect_out "[api #0-$i] » delay/d$n.spec.js"
  expect_out_re "^\[api #0-$i\]    ✓ waits 400ms on the server \([0-9]+ms\)"
  expect_out "[api #0-$i] 1 passing"
done
expect_out_re 'Spec Files:	 4 passed, 4 total \(100% completed\)'
expect_eq "$(server_stat /delay/400)" 4 'delay requests'
expect_eq "$(server_stat maxInFlight)" 2 'requests in flight at once with maxInstances 2'

# The same with 4 workers: all 4 at once.
http_post stats/reset >/dev/null
run_sonde run sonde.conf.js --maxInstances 4
expect_status 0
expect_out_re 'Spec Files:	 4 passed, 4 total \(100% completed\)'
expect_eq "$(server_stat /delay/400)" 4 'delay requests'
expect_eq "$(server_stat maxInFlight)" 4 'requests in flight at once with maxInstances 4'

# And with 1: strictly one after another.
http_post stats/reset >/dev/null
run_sonde run sonde.conf.js --maxInstances 1
expect_status 0
expect_eq "$(server_stat maxInFlight)" 1 'requests in flight at once with maxInstances 1'

# Keep-alive: 6 spec files x 5 requests in 2 workers. /stats counts a connection once it
# serves a counted request (its own /stats probes are not counted), so 30 requests over
# at most 2 connections means each worker kept one connection for all its spec files.
http_post stats/reset >/dev/null
run_sonde run sonde.conf.js --spec 'keepalive/*.spec.js'
expect_status 0
expect_out_re 'Spec Files:	 6 passed, 6 total \(100% completed\)'
for i in 0 1 2 3 4 5; do
  expect_out "[0-$i] PASSED in api - keepalive/k$((i + 1)).spec.js"
done
expect_eq "$(server_stat requests)" 30 'requests'
connections=$(server_stat connections)
((connections >= 1 && connections <= 2)) ||
  fail "expected 30 requests over at most 2 connections (one per worker), got $connections"
