# The live status line: on a terminal (script(1) gives a pty) a run that lasts over a second
# shows "N/M spec files · P passed · F failed · hh:mm:ss", cleared before every other line
# and before the final report; never when stdout is not a terminal, with NO_COLOR, or with
# --no-progress; the WebdriverIO output is the same either way.
command -v script >/dev/null || fail 'script(1) is needed (util-linux)'
unset NO_COLOR # CTest sets it for every case; here it is one of the things under test
export TERM=xterm

# tty_run LOG ARGS...: sonde ARGS on a pty; LOG gets what the terminal received
tty_run() {
  local log=$1
  shift
  STATUS=0
  timeout -k 5 60 script -qfec "$(printf '%q ' "$SONDE" "$@")" "$log" </dev/null >/dev/null || STATUS=$?
}

tty_run tty.log run sonde.conf.js
expect_status 1
grep -aq $'\r\x1b\[K[0-9]/2 spec files \xc2\xb7 [0-9] passed \xc2\xb7 [0-9] failed \xc2\xb7 00:00:0[1-9]' tty.log ||
  fail "no status line on the terminal: $(cat -v tty.log)"
grep -aq '2/2 spec files · 2 passed · 1 failed' tty.log || fail "the counts do not reach 2/2, 2 passed, 1 failed: $(cat -v tty.log)"
# Every drawn line is cleared before the next output: no line of output starts with it.
if tr '\r' '\n' <tty.log | grep -a 'spec files ·' | grep -avq $'^\x1b\\[K[0-9]/2 spec files \xc2\xb7 [0-9] passed \xc2\xb7 [0-9] failed \xc2\xb7 [0-9:]*$'; then
  fail "the status line shares a line with other output: $(cat -v tty.log)"
fi
# The final report comes after the line was cleared.
tail_part=$(awk '/"spec" Reporter:/ {found = 1} found' tty.log)
[[ $tail_part != *'spec files ·'* ]] || fail 'the status line shows inside the final report'
expect_file_contains tty.log 'Spec Files:'

run_sonde run sonde.conf.js
expect_status 1
expect_no_out 'spec files ·'
expect_out 'Spec Files:	 1 passed, 1 failed, 2 total'

NO_COLOR=1 tty_run nocolor.log run sonde.conf.js
grep -aq 'spec files ·' nocolor.log && fail "NO_COLOR still shows the status line: $(cat -v nocolor.log)"
tty_run noprogress.log run sonde.conf.js --no-progress
grep -aq 'spec files ·' noprogress.log && fail "--no-progress still shows the status line: $(cat -v noprogress.log)"
expect_file_contains noprogress.log 'Spec Files:'
