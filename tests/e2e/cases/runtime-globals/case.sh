# What the runtime gives a spec besides mocha and api: console (levels, streams, Node's
# util.inspect/format output), timers and their ordering against microtasks (expected
# orders taken from Node 20), process.env/cwd/argv/exitCode, and a fresh global context
# per spec file inside one long-lived worker.
# One worker for every file: no replacement after memory growth (sanitizer builds grow
# past the default budget), so c-process and d-fresh share a process.
SONDE_WORKER_MAX_GROWTH_MB=100000 run_sonde run sonde.conf.js
expect_status 0
expect_out_re 'Spec Files:	 5 passed, 5 total \(100% completed\)'

# console: log/info/debug on stdout, warn/error on stderr, every line with its cid.
expect_out '[0-0] log line'
expect_out '[0-0] info line'
expect_out '[0-0] debug line'
expect_err '[0-0] warn line'
expect_err '[0-0] error line'
expect_no_out 'warn line'
expect_no_out 'error line'
expect_no_err 'log line'
expect_out "[0-0] { a: 1, b: 'x' }"
expect_out '[0-0] [ 1, [ 2, [ 3, [Array] ] ] ]'
expect_out "[0-0] Map(2) { 'a' => 1, 'b' => 2 }"
expect_out "[0-0] Set(2) { 1, 'two' }"
expect_out '[0-0] Ada is 36 years, {"k":[1,"v"]}'
expect_out $'[0-0] first\n[0-0] second\n[0-0] third'
expect_out '[0-0] values 1 true null undefined [ undefined, NaN, -0 ] 10n'
expect_out $'[0-0] {\n[0-0]   nested: { deep: { deeper: [Object] } },\n[0-0]   fn: [Function: named],\n[0-0]   s: \'q\'\n[0-0] }'
expect_out '[0-0] TypeError: bad type'
expect_out_re '^\[0-0\]     at .*specs/a-console\.spec\.js:16:[0-9]+'

# Timers, and the orders Node prints for the same code.
expect_out '[0-1] ARGS x 2'
expect_out '[0-1] TICKS 3'
expect_out '[0-1] MICRO async-start,sync,promise1,microtask,after-await,promise2'
expect_out '[0-1] FROM-TIMER timer,micro,immediate,timeout'
expect_out '[0-1] FROM-IO immediate,timeout'
expect_out '[0-1] NESTED a,b,c'
# Immediates run after the loop's poll phase: a chain of them lets the response in.
expect_out '[0-1] CHAIN answered=true within=true'
# fs.readFile's callback comes after an immediate set beside it, as in Node.
expect_out '[0-1] ASYNC-API immediate,fs'
expect_out '[api #0-1] 8 passing'

# process
expect_out "[0-2] ENV $API_BASE_URL"
expect_out "[0-2] CWD $PWD"
expect_out '[0-2] ARGV true'
expect_out '[0-2] EXITCODE ok'
# 'exit' listeners run before the job's end: their lines come before its PASSED line.
expect_out '[0-2] EXIT-LISTENER code=0 partial line'
exit_line=$(grep -nF '[0-2] EXIT-LISTENER done' "$OUT" | head -n 1 | cut -d: -f1)
passed_line=$(grep -nF '[0-2] PASSED in api - specs/c-process.spec.js' "$OUT" | head -n 1 | cut -d: -f1)
[[ -n $exit_line && -n $passed_line ]] || fail "the exit listener's line or the PASSED line is missing"
((exit_line < passed_line)) || fail "the exit listener's output (line $exit_line) comes after PASSED ($passed_line)"

# A fresh global context per spec file, in the same worker process.
expect_out '[0-2] LOAD leak=1'
expect_out '[0-3] FRESH leak=undefined var=undefined proto=undefined'
pid_c=$(sed -n 's/^\[0-2\] LOAD leak=1 pid=\([0-9]*\)$/\1/p' "$OUT")
pid_d=$(sed -n 's/^\[0-3\] FRESH .* pid=\([0-9]*\)$/\1/p' "$OUT")
[[ -n $pid_c ]] || fail 'no pid in the LOAD line'
expect_eq "$pid_d" "$pid_c" 'pid of the worker that ran d-fresh (same worker as c-process)'
expect_out_re '^\[api #0-3\]    ✓ does not see globals of the previous spec file'

# Globals made on first use (js_define_lazies) look as if they had always been there.
expect_out '[0-4] LAZY function object function function function replaced before first use true true function function function'
expect_out_re '^\[api #0-4\]    ✓ runs hooks defined through a lazy global'
expect_out_re '^\[api #0-4\]    - is skipped through the alias'

# Output a spec file prints while it loads comes after its RUNNING line, as in
# WebdriverIO (the launcher announces the spec file before the worker loads it).
line_of() { grep -nF -- "$1" "$OUT" | head -n 1 | cut -d: -f1; }
running=$(line_of '[0-2] RUNNING in api - specs/c-process.spec.js')
loaded=$(line_of '[0-2] LOAD leak=1')
[[ -n $running && -n $loaded ]] || fail 'RUNNING or LOAD line missing'
((running < loaded)) ||
  fail "the RUNNING line (stdout line $running) must precede the spec's load-time output (line $loaded)"
