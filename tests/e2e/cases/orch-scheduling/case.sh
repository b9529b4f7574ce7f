# Scheduling (conventions §4): at most maxInstances jobs overall and
# maxInstancesPerCapability (or a capability's own maxInstances) per capability, proven
# by the highest number of requests the test server had in flight at once.

# No limit below 6: all 6 jobs at once (1 s requests here, so that six workers starting on
# a loaded machine still overlap).
http_post reset >/dev/null
DELAY_MS=1000 run_sonde run sonde.conf.js
expect_status 0
expect_out_re 'Spec Files:	 6 passed, 6 total \(100% completed\)'
expect_eq "$(server_stat /delay/1000)" 6 'delay requests'
expect_eq "$(server_stat maxInFlight)" 6 'in flight with no effective limit'

# Overall limit 3.
http_post stats/reset >/dev/null
run_sonde run sonde.conf.js --maxInstances 3
expect_status 0
expect_out_re 'Spec Files:	 6 passed, 6 total \(100% completed\)'
expect_eq "$(server_stat maxInFlight)" 3 'in flight with maxInstances 3'

# Per-capability limit 1, overall 10: one job per capability at a time.
http_post stats/reset >/dev/null
run_sonde run sonde.conf.js --maxInstancesPerCapability 1
expect_status 0
expect_out_re 'Spec Files:	 6 passed, 6 total \(100% completed\)'
expect_eq "$(server_stat maxInFlight)" 2 'in flight with maxInstancesPerCapability 1'

# Per-capability 2 under an overall 3: the overall limit wins.
http_post stats/reset >/dev/null
run_sonde run sonde.conf.js --maxInstancesPerCapability 2 --maxInstances 3
expect_status 0
expect_eq "$(server_stat maxInFlight)" 3 'in flight with maxInstancesPerCapability 2, maxInstances 3'

# A capability's own maxInstances (1 and 3).
http_post stats/reset >/dev/null
run_sonde run own.conf.js
expect_status 0
expect_out_re 'Spec Files:	 6 passed, 6 total \(100% completed\)'
expect_eq "$(server_stat maxInFlight)" 4 "in flight with the capabilities' own maxInstances 1 and 3"

# Fewest running capability first: with 2 slots the first two jobs are one of each
# capability (0-0 and 1-0), not two of the first.
http_post stats/reset >/dev/null
run_sonde run sonde.conf.js --maxInstances 2
expect_status 0
expect_eq "$(server_stat maxInFlight)" 2 'in flight with maxInstances 2'
expect_eq "$(grep -o '^\[[0-9]-[0-9]\] RUNNING' "$OUT" | head -n 2 | sort | tr '\n' ' ')" \
  '[0-0] RUNNING [1-0] RUNNING ' 'first two jobs'
for cid in 0-0 0-1 0-2 1-0 1-1 1-2; do
  expect_out "[$cid] PASSED in api - specs/d$((${cid#*-} + 1)).spec.js"
done

# The same limits spelled 'wdio:maxInstances' (WebdriverIO 8+).
http_post stats/reset >/dev/null
run_sonde run wdio-own.conf.js
expect_status 0
expect_out_re 'Spec Files:	 6 passed, 6 total \(100% completed\)'
expect_eq "$(server_stat maxInFlight)" 4 "in flight with the capabilities' own wdio:maxInstances 1 and 3"
