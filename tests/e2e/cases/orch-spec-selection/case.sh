# Choosing spec files (conventions §4, issue 6 §4): suites with --suite, --shard i/n
# slices that together cover every spec file exactly once, and nested arrays in specs
# that run several files as one job.
running() { grep -oE 'RUNNING in api - .*' "$OUT" | sed 's/^RUNNING in api - //' | sort; }

# All five files, for reference.
run_sonde run sonde.conf.js
expect_status 0
expect_out_count 'RUNNING in' 5
all=$(running)
expect_eq "$all" "$(printf 'specs/%s.spec.js\n' a b c d e)" 'files of the full run'

# --suite smoke runs the suite's files instead of specs; an unknown suite is an error.
run_sonde run sonde.conf.js --suite smoke
expect_status 0
expect_out 'Execution of 2 workers started at '
expect_eq "$(running)" "$(printf 'specs/%s.spec.js\n' a c)" 'files of --suite smoke'
expect_out_re 'Spec Files:	 2 passed, 2 total \(100% completed\)'
run_sonde run sonde.conf.js --suite nope
expect_status 1
expect_err 'The suite "nope" does not exist'
expect_no_out 'RUNNING'

# --shard 1/2 and 2/2: disjoint, balanced (3 + 2), together all five files once.
run_sonde run sonde.conf.js --shard 1/2
expect_status 0
shard1=$(running)
expect_out_count 'RUNNING in' 3
run_sonde run sonde.conf.js --shard 2/2
expect_status 0
shard2=$(running)
expect_out_count 'RUNNING in' 2
expect_out_re 'Spec Files:	 2 passed, 2 total \(100% completed\)'
expect_eq "$(printf '%s\n%s\n' "$shard1" "$shard2" | sort)" "$all" 'files of shard 1/2 + shard 2/2'

# Three shards of five files: 2 + 2 + 1, again each file exactly once.
union=
for i in 1 2 3; do
  run_sonde run sonde.conf.js --shard "$i/3"
  expect_status 0
  n=$(grep -c 'RUNNING in' "$OUT")
  ((n >= 1 && n <= 2)) || fail "shard $i/3 ran $n files, expected 1 or 2"
  union+=$(running)$'\n'
done
expect_eq "$(printf '%s' "$union" | sort)" "$all" 'files of shards 1/3 + 2/3 + 3/3'

# A nested array in specs: one job for a and b, one for c.
run_sonde run grouped.conf.js
expect_status 0
expect_out 'Execution of 2 workers started at '
expect_out_count 'RUNNING in' 2
expect_out '[0-0] RUNNING in api - specs/a.spec.js'
expect_out '[0-1] RUNNING in api - specs/c.spec.js'
expect_no_out 'RUNNING in api - specs/b.spec.js'
# Both files' tests are in the first job's reporter block.
expect_out_re '^\[api #0-0\]    ✓ a runs \([0-9]+ms\)'
expect_out_re '^\[api #0-0\]    ✓ b runs \([0-9]+ms\)'
expect_out_re '^\[api #0-1\]    ✓ c runs \([0-9]+ms\)'
expect_no_out '[api #0-2]'
expect_out_re 'Spec Files:	 2 passed, 2 total \(100% completed\)'
# The launcher lines name every file of the job, comma-separated (WebdriverIO's
# CLI interface, getFilenames).
expect_out '[0-0] RUNNING in api - specs/a.spec.js, specs/b.spec.js'
expect_out '[0-0] PASSED in api - specs/a.spec.js, specs/b.spec.js'

# As in WebdriverIO (`--suite` is an array option; ConfigParser.getSpecs): --suite given
# twice runs both suites, and --spec with --suite runs the suite's files plus the --spec
# files.
run_sonde run sonde.conf.js --suite smoke --suite tail
expect_status 0
expect_eq "$(running)" "$(printf 'specs/%s.spec.js\n' a c e)" 'files of --suite smoke --suite tail'
run_sonde run sonde.conf.js --suite smoke --spec specs/e.spec.js
expect_status 0
expect_eq "$(running)" "$(printf 'specs/%s.spec.js\n' a c e)" 'files of --suite smoke --spec specs/e.spec.js'
