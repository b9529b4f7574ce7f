# Capabilities (issue 6 §1): every entry runs every spec file, cids are
# <capIndex>-<n> with n counted per capability, the spec reporter prefixes each block with
# the capability, and custom:baseUrl replaces baseUrl for that capability's jobs.
http_post reset >/dev/null
run_sonde run sonde.conf.js
expect_status 0
expect_out 'Execution of 4 workers started at '
expect_out '[0-0] RUNNING in api - specs/a.spec.js'
expect_out '[0-1] RUNNING in api - specs/b.spec.js'
expect_out '[1-0] RUNNING in api - specs/a.spec.js'
expect_out '[1-1] RUNNING in api - specs/b.spec.js'
expect_out_count 'RUNNING in' 4
expect_out_count 'PASSED in' 4
# The config's baseUrl for capability 0, its custom:baseUrl for capability 1.
expect_out '[0-0] A path /echo/envA/ping'
expect_out '[0-1] B path /echo/envA/ping'
expect_out '[1-0] A path /echo/envB/ping'
expect_out '[1-1] B path /echo/envB/ping'
expect_eq "$(server_stat /echo/envA/ping)" 2 'requests to capability 0 environment'
expect_eq "$(server_stat /echo/envB/ping)" 2 'requests to capability 1 environment'
# Reporter prefix: [<browserName> <browserVersion> <platformName> #<cid>].
expect_out '[api 1.0 linux #0-0] Running: api (v1.0) on linux'
expect_out '[api 1.0 linux #0-0] » specs/a.spec.js'
expect_out '[api 1.0 linux #0-1] » specs/b.spec.js'
expect_out '[api 2.0 darwin #1-0] Running: api (v2.0) on darwin'
expect_out '[api 2.0 darwin #1-0] » specs/a.spec.js'
expect_out '[api 2.0 darwin #1-1] » specs/b.spec.js'
expect_out_re '^\[api 2\.0 darwin #1-1\]    ✓ reaches its environment \([0-9]+ms\)'
expect_out_re 'Spec Files:	 4 passed, 4 total \(100% completed\)'
# Launcher and worker hooks see each job's cid and capability.
expect_out 'H onWorkerStart 0-0 linux a.spec.js'
expect_out 'H onWorkerStart 0-1 linux b.spec.js'
expect_out 'H onWorkerStart 1-0 darwin a.spec.js'
expect_out 'H onWorkerStart 1-1 darwin b.spec.js'
expect_out '[0-1] H beforeSession 0-1 linux 1.0'
expect_out '[1-0] H beforeSession 1-0 darwin 2.0'
expect_out '[0-0] H before linux config baseUrl'
expect_out '[1-1] H before darwin own baseUrl'
expect_out 'H onWorkerEnd 1-1 exit=0 b.spec.js'

# Per-capability spec lists.
run_sonde run per-cap.conf.js
expect_status 0
expect_out 'Execution of 3 workers started at '
expect_out '[0-0] RUNNING in api - specs/a.spec.js'
expect_out '[1-0] RUNNING in api - specs/b.spec.js'
expect_out '[2-0] RUNNING in api - specs/b.spec.js'
expect_out_count 'RUNNING in' 3
expect_no_out '[0-1]'
expect_no_out '[1-1]'
expect_no_out '[2-1]'
expect_out '[api only-a #0-0] » specs/a.spec.js'
expect_out '[api not-a #1-0] » specs/b.spec.js'
expect_out '[api wdio-b #2-0] » specs/b.spec.js'
expect_out_re 'Spec Files:	 3 passed, 3 total \(100% completed\)'
