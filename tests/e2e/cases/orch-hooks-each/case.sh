# beforeTest/afterTest wrap the test function (WebdriverIO's mocha adapter wraps `it`, and
# each mocha hook separately with beforeHook/afterHook): beforeEach hooks come first, then
# beforeTest, the test, afterTest, and the afterEach hooks last.
run_sonde run sonde.conf.js
expect_status 0
expect_out_re 'Spec Files:	 1 passed, 1 total \(100% completed\)'
grep -E '^\[0-0\] [HT] ' "$OUT" >order.txt
cat >expected.txt <<'LINES'
[0-0] H beforeHook "before each" hook
[0-0] T beforeEach
[0-0] H afterHook "before each" hook passed=true
[0-0] H beforeTest one
[0-0] T one 200
[0-0] H afterTest one passed=true
[0-0] H beforeHook "after each" hook
[0-0] T afterEach
[0-0] H afterHook "after each" hook passed=true
LINES
expect_eq "$(diff expected.txt order.txt)" '' 'hook lines (diff expected actual)'
