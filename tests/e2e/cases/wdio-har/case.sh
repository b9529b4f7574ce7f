# HAR recording (issue 21 §1): startRecording/stopRecording/getHar/isRecording on api and on
# createApiClient clients; har-logs/<name>.har valid against the HAR 1.2 schema (with
# sonde's own validator, toMatchSchema, on every file the spec writes); every attempt
# recorded, failures with _error; secrets masked; bad names and unwritable paths refused
# with the recording kept; apiRunner.har writes a file per spec file.
http_post reset >/dev/null
run_sonde run sonde.conf.js
expect_status 0
expect_out '7 passing'
expect_file har-logs/basic-requests.har
expect_file har-logs/global-api.har

# apiRunner.har: a file per spec file, written when the spec file ends.
run_sonde run har.conf.js
expect_status 0
expect_file har-logs/a.spec-0-0.har
expect_file har-logs/b.spec-0-1.har
run_sonde run check.conf.js
expect_status 0
expect_out '2 passing'

# A HAR that cannot be written is reported and the run goes on.
rm -rf har-logs && printf 'not a folder' >har-logs
run_sonde run har.conf.js
expect_status 0
expect_err 'sonde: apiRunner.har: stopRecording: cannot write har-logs/a.spec-0-0.har'
