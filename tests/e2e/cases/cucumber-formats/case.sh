# cucumberOpts.format: message:, junit:, html: (each written per job, the cid in the file
# name) and progress/summary (printed as the job's output), for two features in two jobs:
# passed, failed, skipped, undefined and pending steps, an outline, a named Before hook,
# text, log, image, stream and link attachments. check.py reads the files.
run_sonde run sonde.conf.js
expect_status 1
for f in messages-0-0.ndjson messages-0-1.ndjson cucumber-0-0.xml cucumber-0-1.xml report-0-0.html report-0-1.html; do
  expect_file "out/$f"
done
expect_eq "$(find out -name '*.tmp*' | wc -l)" 0 'no temporary file is left behind'
python3 check.py out >"$E2E_TMP/check.log" 2>&1 || fail "check.py: $(cat "$E2E_TMP/check.log")"

# progress: a character per step (hooks when they did not pass), the failures with their
# steps, then the counts, as cucumber-js prints them.
expect_out '[0-0] ....F-.U.F'
expect_out '[0-0] Failures:'
expect_out '[0-0] 1) Scenario: failing # features/a.feature:8'
expect_out '[0-0]    ✖ When a step fails'
expect_out '[0-0]        Error: it broke & <went> "wrong"'
expect_out '[0-0]    - Then a passing step'
expect_out '[0-0] 2) Scenario: undefined # features/a.feature:13'
expect_out '[0-0] 5 scenarios (2 failed, 1 undefined, 2 passed)'
expect_out '[0-0] 10 steps (2 failed, 1 undefined, 1 skipped, 6 passed)'
expect_out_re '^\[0-0\] 0m00\.[0-9]{3}s \(executing steps: 0m00\.[0-9]{3}s\)$'
expect_out '[0-1] ...P'
expect_out '[0-1] Warnings:'
expect_out '[0-1] 1 scenario (1 pending)'
expect_out '[0-1] 4 steps (1 pending, 3 passed)'

# summary alone: no progress line; the same counts.
run_sonde run sonde.conf.js --cucumberOpts.format summary --spec features/b.feature
expect_status 0
expect_no_out '[0-0] ...P'
expect_out '[0-0] 1 scenario (1 pending)'
expect_no_file out/messages-0-0.ndjson.tmp

# A file that cannot be written is named on stderr (a file where its folder should be).
echo x >blocked
run_sonde run sonde.conf.js --cucumberOpts.format message:blocked/sub/m.ndjson --spec features/b.feature
expect_err_re 'cucumberOpts\.format message: cannot write .*/blocked/sub/m-0-0\.ndjson'

# Markdown with Gherkin (.feature.md): headers, bullets, indented tables without their
# separator row; the file's source is marked as Markdown in the messages.
run_sonde run sonde.conf.js --spec features/notes.feature.md --cucumberOpts.format summary \
  --cucumberOpts.format message:out/md.ndjson
expect_status 0
expect_out '[0-0] RUNNING in api - features/notes.feature.md'
expect_out '[0-0] from *markdown*'
expect_out '[0-0] 1 scenario (1 passed)'
expect_out '[0-0] 3 steps (3 passed)'
expect_file_contains out/md-0-0.ndjson '"mediaType":"text/x.cucumber.gherkin+markdown"'
expect_file_contains out/md-0-0.ndjson '"rows":[{"cells":[{"location":{"line":13,"column":5},"value":"a table"}'

# order 'reverse': the last scenario (the last Examples row) first; 'random' is refused.
run_sonde run sonde.conf.js --spec features/a.feature --cucumberOpts.order reverse --cucumberOpts.format summary
expect_status 1
expect_out '[0-0] 1) Scenario: rows 2 # features/a.feature:23'
expect_out '[0-0] 2) Scenario: undefined # features/a.feature:13'
expect_out '[0-0] 3) Scenario: failing # features/a.feature:8'
run_sonde run sonde.conf.js --cucumberOpts.order random
expect_status 1
expect_err '"cucumberOpts.order" is "random": this sonde runs scenarios in the order they are defined ("defined") or in the reverse order ("reverse")'

# A feature that does not parse: its messages hold its source and parse errors, and the
# run's verdict is a failure.
run_sonde run sonde.conf.js --spec malformed/broken.feature --cucumberOpts.format message:out/broken.ndjson
expect_status 1
expect_file_contains out/broken-0-0.ndjson "{\"parseError\":{\"message\":\"(6:3): expected: #EOF, #TableRow, #DocStringSeparator, #StepLine, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Comment, #Empty, got 'Oops: not gherkin'\""
expect_file_contains out/broken-0-0.ndjson '{"parseError":{"message":"(8:0): unexpected end of file, expected: #TagLine, #RuleLine, #Comment, #Empty"'
expect_file_contains out/broken-0-0.ndjson '"success":false'
