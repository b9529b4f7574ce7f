# Ctrl-C / SIGTERM during a run (issue 6 §4): the running workers are stopped, the specs not
# yet started never start, the reports and the summary are still printed, onComplete
# still runs, and the exit code is 130 (SIGINT) or 143 (SIGTERM). No worker outlives the
# launcher. Four 8 s spec files run two at a time; the signal comes while the first two
# wait on the server, so a run that ignored it would take about 16 s.

# interrupt SIGNAL TARGET: starts sonde in the background in its own process group, waits
# until both running specs have started, records its worker processes, then sends SIGNAL
# to sonde alone (TARGET=pid) or to its whole process group as a terminal's Ctrl-C does
# (TARGET=group), and waits for it. Sets STATUS, ELAPSED_MS (signal to exit) and WORKERS.
interrupt() {
  local sig=$1 target=$2 pid i started
  E2E_LAST_CMD="$(printf '%q ' "$SONDE" run sonde.conf.js) # then SIG$sig to the $target"
  # The file exists before the loop reads it: the background job opens it only once forked,
  # and an empty count from a missing file made (( )) fail at once (a flaky "did not start").
  : >"$OUT"
  set -m # own process group; SIGINT not ignored as it is for plain background jobs
  "$SONDE" run sonde.conf.js </dev/null >"$OUT" 2>"$ERR" &
  pid=$!
  set +m
  E2E_SONDE_PID=$pid # run-case.sh's exit trap stops it if an expectation fails first
  for ((i = 0; i < 300; i++)); do # up to 30 s, for a loaded machine
    (($(grep -c 'slow [0-9] started' "$OUT") >= 2)) && break
    sleep 0.1
  done
  (($(grep -c 'slow [0-9] started' "$OUT") >= 2)) || fail 'the first two spec files did not start within 30 s'
  # Its children and theirs: workers are forked by the zygote, a child of the launcher.
  WORKERS=$(pgrep -P "$pid" | tr '\n' ' ')
  local child
  for child in $WORKERS; do WORKERS+=" $(pgrep -P "$child" | tr '\n' ' ')"; done
  started=$(date +%s%N)
  if [[ $target == group ]]; then kill -"$sig" -- "-$pid"; else kill -"$sig" "$pid"; fi
  STATUS=0
  wait "$pid" || STATUS=$?
  ELAPSED_MS=$((($(date +%s%N) - started) / 1000000))
  E2E_SONDE_PID=
}

expect_stopped() { # common expectations after an interrupted run
  expect_status "$1"
  expect_out '[0-0] RUNNING in api - specs/s1.spec.js'
  expect_out '[0-1] RUNNING in api - specs/s2.spec.js'
  expect_out '[0-0] slow 1 started'
  expect_out '[0-1] slow 2 started'
  expect_no_out 'slow 1 finished'
  expect_no_out 'slow 2 finished'
  expect_out_count 'RUNNING in' 2
  expect_no_out 's3.spec.js'
  expect_no_out 's4.spec.js'
  expect_out ' "spec" Reporter:'
  expect_out '[api #0-0] » specs/s1.spec.js'
  expect_out '[api #0-1] » specs/s2.spec.js'
  expect_out_re 'Spec Files:	 0 passed, 2 failed, 4 total \(50% completed\) in '
  expect_out 'H onComplete exit='
  ((ELAPSED_MS < 5000)) || fail "sonde took $ELAPSED_MS ms to stop after the signal"
  [[ -n ${WORKERS// /} ]] || fail 'no worker processes were seen while the specs ran'
  # The exact worker pids, not `pgrep -f "$SONDE worker"`: ctest -j runs other cases'
  # workers from the same binary at the same time.
  local w
  for w in $WORKERS; do
    ! kill -0 "$w" 2>/dev/null || fail "worker process $w is still alive after sonde exited"
  done
}

interrupt INT pid
expect_stopped 130
expect_err 'SIGINT'

interrupt TERM pid
expect_stopped 143
expect_err 'SIGTERM'

# Ctrl-C in a terminal: the whole process group (launcher and workers) gets SIGINT.
interrupt INT group
expect_stopped 130

interrupt TERM group
expect_stopped 143
