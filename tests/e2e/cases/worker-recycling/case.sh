# Workers that grew too much are replaced between jobs (SONDE_WORKER_MAX_GROWTH_MB; 0 means
# after every job): every spec still runs and reports, each in a fresh process.
http_post stats/reset >/dev/null
SONDE_WORKER_MAX_GROWTH_MB=0 run_sonde run sonde.conf.js
expect_status 0
expect_out_re 'Spec Files:	 6 passed, 6 total \(100% completed\)'
pids=$(grep -o 'PID [0-9] [0-9]*' "$OUT" | awk '{print $3}' | sort -u | wc -l)
expect_eq "$pids" 6 "distinct worker processes for 6 spec files"

# A fraction of a MB is a budget too: 0.0001 MB (~100 bytes) is outgrown by every job.
SONDE_WORKER_MAX_GROWTH_MB=0.0001 run_sonde run sonde.conf.js
expect_status 0
pids=$(grep -o 'PID [0-9] [0-9]*' "$OUT" | awk '{print $3}' | sort -u | wc -l)
expect_eq "$pids" 6 "distinct worker processes for 6 spec files with a 0.0001 MB budget"

# Without the variable, or with one that is no number, the default budget (7.5 MB) keeps
# the (at most two) workers for all six files.
SONDE_WORKER_MAX_GROWTH_MB=lots run_sonde run sonde.conf.js
expect_status 0
pids=$(grep -o 'PID [0-9] [0-9]*' "$OUT" | awk '{print $3}' | sort -u | wc -l)
((pids >= 1 && pids <= 2)) || fail "expected the 6 files in at most 2 worker processes, saw $pids"

run_sonde run sonde.conf.js
expect_status 0
pids=$(grep -o 'PID [0-9] [0-9]*' "$OUT" | awk '{print $3}' | sort -u | wc -l)
((pids >= 1 && pids <= 2)) || fail "expected the 6 files in at most 2 worker processes, saw $pids"
