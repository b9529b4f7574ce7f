# Several spec files at once inside one worker process (issue 18): each file in its own
# realm on the worker's one loop. Proven on the wire (the server's maxInFlight) and by what
# each file checks of its own state after every wait: globals, timers, interceptors,
# process.exitCode, unhandled rejections, the config's hooks run in its realm, console
# lines and reporter blocks under its own cid. Then what one file can do to the others of
# its process: process.exit (ends that file only), a busy loop (the watchdog ends that file
# and the worker is replaced), a crash (every file of that process is reported lost).
# ctest-timeout: 240

# ---- 80 files at once in one worker: every connection is kept for the next request ----
# The first request waits long enough for all 80 to be in flight together (a sanitizer
# build loads the files slowly); each file's second request then finds an idle connection.
mkdir -p many
for ((n = 1; n <= 80; n++)); do
  cat >"many/f$n.spec.js" <<JS
describe('many $n', () => {
  it('waits with the others', async () => {
    const first = await api.get('/delay/1500');
    if (first.status !== 200) throw new Error('status ' + first.status);
  });
  it('reuses a connection', async () => {
    const second = await api.get('/delay/10');
    if (second.status !== 200) throw new Error('status ' + second.status);
  });
});
JS
done
http_post stats/reset >/dev/null
run_sonde run many.conf.js
expect_status 0
expect_out_re 'Spec Files:	 80 passed, 80 total \(100% completed\)'
at_once=$(server_stat maxInFlight)
((at_once > 64)) || fail "only $at_once requests were in flight at once: the check needs more than 64"
expect_eq "$(server_stat connections)" "$at_once" 'connections: one per request in flight at once, kept for the second requests'

# ---- 6 files, 2 workers, 3 interleaved in each ----
http_post stats/reset >/dev/null
run_sonde run interleave.conf.js
expect_status 1
expect_out_re 'Spec Files:	 5 passed, 1 failed, 6 total \(100% completed\)'
expect_eq "$(server_stat /delay/300)" 18 'delay requests'
expect_eq "$(server_stat maxInFlight)" 6 'requests in flight at once: all 6 files wait together'
pids=$(grep -oE 'file [0-9] pid [0-9]+' "$OUT" | awk '{ print $4 }' | sort -u | wc -l)
expect_eq "$pids" 2 'worker processes the 6 files ran in'
for n in 1 2 3 4 5 6; do
  i=$((n - 1))
  # console lines under the file's own cid, and no other file's
  for k in 0 1 2; do expect_out "[0-$i] file $n step $k"; done
  other=$(grep -E "^\[0-$i\] file [0-9] " "$OUT" | grep -vE "^\[0-$i\] file $n " || true)
  [[ -z $other ]] || fail "cid 0-$i printed another file's lines: $other"
  # the config's after hook ran in the file's realm and saw what before and beforeTest set
  expect_out "[0-$i] after hook of f$n.spec.js: token-f$n.spec.js, $((n == 3 ? 3 : 2)) tests"
  # the spec reporter's block of the file holds its own tests
  expect_out "[api #0-$i] » interleave/f$n.spec.js"
  expect_out "[api #0-$i] file $n"
  expect_out_re "^\[api #0-$i\]    ✓ keeps its realm while the other files interleave"
  expect_out_re "^\[api #0-$i\]    ✓ counts its own beforeTest calls"
  [[ $n == 3 ]] || expect_out "[0-$i] PASSED in api - interleave/f$n.spec.js"
done
# the unhandled rejection failed a test of file 3, and nothing else
expect_out '[0-2] FAILED in api - interleave/f3.spec.js'
expect_out_re '^\[api #0-2\]    ✖ has an unhandled rejection'
expect_out '[0-2] Error: stray rejection of file 3'
strays=$(grep -F 'stray rejection of file 3' "$OUT" | grep -vE '^\[(api #)?0-2\] ' || true)
[[ -z $strays ]] || fail "the rejection of file 3 reached another file: $strays"
expect_no_out '[0-0] Error'

# ---- one worker, 3 files at once: a busy loop, a process.exit, a plain file ----
http_post stats/reset >/dev/null
run_sonde run isolation.conf.js
expect_status 1
expect_out_re 'Spec Files:	 2 passed, 2 failed, 4 total \(100% completed\)'
expect_out '[0-2] PASSED in api - isolation/x-ok.spec.js'
expect_out '[0-3] PASSED in api - isolation/z-later.spec.js'
# process.exit: that file fails where it exited, its exit listener ran, nothing after it
expect_out '[0-1] FAILED in api - isolation/x-exit.spec.js'
expect_out 'process.exit(0) was called in isolation/x-exit.spec.js: the spec file ended there'
expect_out '[0-1] exit listener of x-exit: 0'
expect_out_re '^\[api #0-1\]    ✓ passes before the exit'
expect_out_re '^\[api #0-1\]    ✖ calls process.exit\(0\)'
expect_no_out 'x-exit went on after process.exit'
# the busy loop: reported after the watchdog's limit, that file only
expect_out '[0-0] FAILED in api - isolation/x-busy.spec.js'
expect_out 'isolation/x-busy.spec.js ran JavaScript for 1.5 s of CPU time without yielding (a busy loop?): the watchdog ended the spec file (watchdogTimeout)'
expect_out_re '^\[api #0-0\]    ✖ loops forever'
# the 3 shared a process; the worker whose watchdog fired took no new file
busy_pid=$(grep -oE 'busy pid [0-9]+' "$OUT" | awk '{ print $3 }')
ok_pid=$(grep -oE 'ok pid [0-9]+' "$OUT" | awk '{ print $3 }')
later_pid=$(grep -oE 'later pid [0-9]+' "$OUT" | awk '{ print $3 }')
[[ -n $busy_pid && $busy_pid == "$ok_pid" ]] || fail "busy ($busy_pid) and ok ($ok_pid) ran in different workers"
[[ -n $later_pid && $later_pid != "$busy_pid" ]] || fail "the retired worker $busy_pid took z-later ($later_pid)"
expect_eq "$(server_stat /delay/400)" 3 'requests of x-ok'

# ---- a crash takes the files of its process down, and only those ----
run_sonde run crash.conf.js
expect_status 1
expect_out_re 'Spec Files:	 2 passed, 2 failed, 4 total \(100% completed\)'
crash_pid=$(grep -oE 'crash pid [0-9]+' "$OUT" | awk '{ print $3 }')
c2_pid=$(grep -oE 'c2 pid [0-9]+' "$OUT" | awk '{ print $3 }')
[[ -n $crash_pid && $crash_pid == "$c2_pid" ]] || fail "c1 ($crash_pid) and c2 ($c2_pid) ran in different workers"
expect_err 'the worker process was killed by signal 9 (Killed) while running crash/c1.spec.js (with 1 other spec file in the same process)'
expect_err 'the worker process was killed by signal 9 (Killed) while running crash/c2.spec.js (with 1 other spec file in the same process)'
expect_out '[0-0] FAILED in api - crash/c1.spec.js'
expect_out '[0-1] FAILED in api - crash/c2.spec.js'
expect_out '[0-2] PASSED in api - crash/c3.spec.js'
expect_out '[0-3] PASSED in api - crash/c4.spec.js'
