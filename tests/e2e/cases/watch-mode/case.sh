# `sonde run --watch`: the first run covers every spec file; a changed helper re-runs the
# spec files whose realm loaded it (required or imported), a changed spec file only itself,
# a changed config everything; SIGINT ends the watch with 130. In a terminal (script(1)
# gives a pty) the keys f (failed spec files), a (all) and q (quit, exit 0) work.
# ctest-timeout: 180

# watch_runs FILE: how many runs FILE shows finished
watch_runs() {
  local n
  n=$(grep -ac 'Watching for changes' "$1" 2>/dev/null)
  echo "${n:-0}"
}
# wait_runs FILE N: waits up to 30 s for the Nth run to finish
wait_runs() {
  local i
  for ((i = 0; i < 300; i++)); do
    (($(watch_runs "$1") >= $2)) && return 0
    sleep 0.1
  done
  fail "run $2 did not finish within 30 s: $(cat "$1")"
}
# run_specs FILE N: the spec files the Nth run ran, sorted, space separated
run_specs() {
  awk -v n="$2" '/Watching for changes/ { run++ } run == n - 1 && /» specs\// { print $NF }' "$1" |
    sort | tr '\n' ' '
}

timeout -k 5 120 "$SONDE" run sonde.conf.js --watch </dev/null >watch.out 2>watch.err &
pid=$!
trap 'kill -TERM $pid 2>/dev/null || true' EXIT
wait_runs watch.out 1
expect_eq "$(run_specs watch.out 1)" 'specs/a.spec.js specs/b.spec.js specs/c.spec.js ' 'the first run runs all'
expect_file_contains watch.out 'Watching for changes (SIGINT or SIGTERM to stop).'

echo "module.exports = { name: () => 'bob' };" >helpers/users.js
wait_runs watch.out 2
expect_eq "$(run_specs watch.out 2)" 'specs/a.spec.js specs/b.spec.js ' \
  'a changed helper re-runs the spec files that required or imported it'
grep -aq 'Spec Files:	 1 passed, 1 failed, 2 total' watch.out ||
  fail "the helper's change fails a.spec.js: $(cat watch.out)"

echo "describe('c', () => { it('stands alone, edited', () => {}); });" >specs/c.spec.js
wait_runs watch.out 3
expect_eq "$(run_specs watch.out 3)" 'specs/c.spec.js ' 'a changed spec file re-runs itself only'
expect_file_contains watch.out 'stands alone, edited'

echo "// touched" >>sonde.conf.js
wait_runs watch.out 4
expect_eq "$(run_specs watch.out 4)" 'specs/a.spec.js specs/b.spec.js specs/c.spec.js ' \
  'a changed config runs everything'

echo "// not loaded by any spec" >notes.js
sleep 1
expect_eq "$(watch_runs watch.out)" 4 'a file no spec loads starts no run'

kill -INT "$pid"
status=0
wait "$pid" || status=$?
trap - EXIT
expect_eq "$status" 130 'SIGINT ends the watch with 130'
[[ -s watch.err ]] && fail "stderr: $(cat watch.err)"

# In a terminal: f re-runs the failed spec file (a.spec.js fails with 'bob'), a all, q quits.
command -v script >/dev/null || fail 'script(1) is needed for the terminal part'
(
  wait_tty() {
    local i
    for ((i = 0; i < 300; i++)); do
      (($(watch_runs tty.out) >= $1)) && return 0
      sleep 0.1
    done
  }
  wait_tty 1 && printf f && wait_tty 2 && printf a && wait_tty 3 && printf q
  sleep 2
) | timeout -k 5 60 script -qfec "$SONDE run sonde.conf.js --watch" tty.out >/dev/null
status=$?
expect_eq "$status" 0 'q ends the watch with 0'
sed -i 's/\x1b\[[0-9;]*m//g; s/\r//g' tty.out
expect_file_contains tty.out 'Press a to run all, f to run the failed spec files, q to quit.'
expect_eq "$(run_specs tty.out 2)" 'specs/a.spec.js ' 'f re-runs the spec file that failed'
expect_eq "$(run_specs tty.out 3)" 'specs/a.spec.js specs/b.spec.js specs/c.spec.js ' 'a runs all'
