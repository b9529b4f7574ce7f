# groupLogsByTestSpec (issue 6 §5, WebdriverIO's WORKER_GROUPLOGS_MESSAGES): a job's console
# lines are held back and printed together when the job ends, under
# "***** List of steps of WorkerID=[<cid>] *****" ("... that preceded the error above"
# when the job failed). Two jobs run at the same time and log alternately.
block() { # the lines after the header for cid $1 up to the next blank line
  awk -v h="$2" 'p && $0 == "" { exit } p { print } $0 == h { p = 1 }' "$OUT"
}

http_post stats/reset >/dev/null
run_sonde run sonde.conf.js
expect_status 1
expect_eq "$(server_stat maxInFlight)" 2 'the two jobs overlapped in time'
expect_out_count '***** List of steps of WorkerID=' 2
expect_out_re '^\*\*\*\*\* List of steps of WorkerID=\[0-0\] \*\*\*\*\*$'
expect_out_re '^\*\*\*\*\* List of steps of WorkerID=\[0-1\] that preceded the error above \*\*\*\*\*$'
a=$(block 0-0 '***** List of steps of WorkerID=[0-0] *****' | grep -F ' step ')
b=$(block 0-1 '***** List of steps of WorkerID=[0-1] that preceded the error above *****' | grep -F ' step ')
expect_eq "$a" $'[0-0] A step 1\n[0-0] A step 2\n[0-0] A step 3' 'the steps of [0-0], together under its header'
expect_eq "$b" $'[0-1] B step 1\n[0-1] B step 2\n[0-1] B step 3' 'the steps of [0-1], together under its header'
# Nothing of a job outside its block: each step line once.
expect_out_count 'A step' 3
expect_out_count 'B step' 3
expect_out_re 'Spec Files:	 1 passed, 1 failed, 2 total \(100% completed\)'

# Without it (the default), no headers: lines stream as they come.
run_sonde run sonde.conf.js --groupLogsByTestSpec false
expect_status 1
expect_no_out 'List of steps'
expect_out '[0-0] A step 3'
expect_out '[0-1] B step 3'
