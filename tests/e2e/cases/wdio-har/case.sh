# HAR recording (issue 21 §1): startRecording/stopRecording/getHar/isRecording on api and on
# createApiClient clients; har-logs/<name>.har valid against the HAR 1.2 schema (with
# sonde's own validator, toMatchSchema, on every file the spec writes); every attempt
# recorded, failures with _error; secrets masked; bad names and unwritable paths refused
# with the recording kept.
http_post reset >/dev/null
run_sonde run sonde.conf.js
expect_status 0
expect_out '7 passing'
expect_file har-logs/basic-requests.har
expect_file har-logs/global-api.har
