# Config hooks (issue 6): every launcher and worker hook runs, in WebdriverIO's order, with
# its arguments, `this` bound to the config, arrays of functions, and async hooks awaited.
# Hooks log "H ..." lines and the spec "T ..." lines; worker lines carry the [0-0] prefix.
run_sonde run sonde.conf.js --mochaOpts.timeout 4321
expect_status 1
expect_out_re 'Spec Files:	 0 passed, 1 failed, 1 total \(100% completed\)'

grep -E '^(\[0-0\] )?[HT] ' "$OUT" >order.txt
cat >expected.txt <<'LINES'
H onPrepare timeout=4321 this=4321 caps=1:T1
H onWorkerStart cid=0-0 caps=api:T1 specs=hooks.spec.js args=object execArgv=true
[0-0] H beforeSession cid=0-0 timeout=4321 this=4321 caps=T1 specs=hooks.spec.js
[0-0] H before caps=T1 specs=hooks.spec.js browser=object
[0-0] H beforeSuite#1 title=Hooked full=Hooked file=hooks.spec.js
[0-0] H beforeSuite#2 title=Hooked
[0-0] H beforeHook "before all" hook ctx=object
[0-0] T before all
[0-0] H afterHook "before all" hook passed=true error=undefined
[0-0] H beforeTest title=passes parent=Hooked full=Hooked passes file=hooks.spec.js ctx=object this=4321
[0-0] T passes 200
[0-0] H afterTest title=passes passed=true error=undefined duration=true retries=0/0
[0-0] H beforeTest title=is flaky parent=Hooked full=Hooked is flaky file=hooks.spec.js ctx=object this=4321
[0-0] T flaky run 1
[0-0] H afterTest title=is flaky passed=false error=first run fails duration=true retries=0/1
[0-0] H beforeTest title=is flaky parent=Hooked full=Hooked is flaky file=hooks.spec.js ctx=object this=4321
[0-0] T flaky run 2
[0-0] H afterTest title=is flaky passed=true error=undefined duration=true retries=1/1
[0-0] H beforeTest title=fails parent=Hooked full=Hooked fails file=hooks.spec.js ctx=object this=4321
[0-0] T fails
[0-0] H afterTest title=fails passed=false error=planned failure duration=true retries=0/0
[0-0] H beforeHook "after all" hook ctx=object
[0-0] T after all
[0-0] H afterHook "after all" hook passed=true error=undefined
[0-0] H afterSuite title=Hooked full=Hooked
[0-0] H after result=1 caps=T1 specs=hooks.spec.js
[0-0] H afterSession timeout=4321 caps=T1 specs=hooks.spec.js
H onWorkerEnd cid=0-0 exit=1 specs=hooks.spec.js retries=0
H onComplete exit=1 timeout=4321 caps=1 results={"finished":1,"passed":0,"retries":0,"failed":1}
LINES
expect_eq "$(diff expected.txt order.txt)" '' 'hook lines (diff expected actual)'

# The launcher hooks frame the run: onPrepare before the first launcher line, onComplete
# after the last worker line and before the reporter.
expect_eq "$(grep -nE '^H onPrepare|^Execution of' "$OUT" | cut -d: -f2 | cut -c1-12 | tr '\n' '|')" \
  'H onPrepare |Execution of|' 'onPrepare before the run starts'
expect_eq "$(grep -nE '^H onComplete|"spec" Reporter' "$OUT" | cut -d: -f2 | cut -c1-12 | tr '\n' '|')" \
  'H onComplete| "spec" Repo|' 'onComplete before the reporter output'
expect_out_re '^\[api linux #0-0\]    ✓ is flaky'
expect_no_err 'hook failed'

# A spec file with no tests left after filtering ends without `before`/`after` (and
# without the test hooks); the launcher hooks still run.
run_sonde run sonde.conf.js --mochaOpts.fgrep 'matches no test'
expect_status 0
expect_out_re 'Spec Files:	 0 passed, 1 skipped, 1 total \(100% completed\)'
expect_out 'H onWorkerStart cid=0-0'
expect_out 'H onWorkerEnd cid=0-0 exit=0'
expect_out 'H onComplete exit=0'
expect_no_out 'H before '
expect_no_out 'H after '
expect_no_out 'H beforeTest'
expect_no_out 'H beforeSuite'
