# Strings are carried whole from JavaScript to every writer, each showing what its format
# can hold (issue 13 item 3): a NUL is "\u0000" in the JSON documents (json reporter, Allure
# results) and the visible "␀" (U+2400) on the terminal, in XML (which cannot hold U+0000
# at all) and in text files (Allure's console attachment, the log files); a lone surrogate
# is U+FFFD everywhere; an astral character stays itself. Table-driven: each row is a text
# the spec puts into a suite title, a test title, two console lines and an error message;
# every output file is checked for the exact bytes of each.
run_sonde run sonde.conf.js
expect_status 1
expect_out '8 failing'

# id | the text as the terminal, XML and text files show it | as the JSON documents write it
rows=(
  'nul|a␀b|a\u0000b'
  'nuls|␀␀z|\u0000\u0000z'
  'high|x�y|x�y'
  'low|x�y|x�y'
  'swapped|��z|��z'
  'astral|x😀y|x😀y'
)

junit=$(ls reports/junit/*)
json=reports/json/wdio-0-0-json-reporter.log
log=logs/strings.spec-0-0.log
allure_results=(reports/allure/*-result.json)
allure_texts=(reports/allure/*-attachment.txt)
expect_eq "${#allure_results[@]}" 8 'allure results'

# has FILE... BYTES: some FILE holds BYTES exactly.
has() {
  local bytes=${*: -1} f
  e2e_check
  for f in "${@:1:$#-1}"; do e2e_has "$f" "$bytes" && return 0; done
  fail "no file of ${*:1:$#-1} holds the bytes: $bytes"
}

for row in "${rows[@]}"; do
  IFS='|' read -r id shown json_form <<<"$row"
  # The terminal: the spec reporter, the live console lines, the failure list.
  has "$OUT" "   ✖ title $id $shown"
  has "$OUT" "[0-0] console $id $shown"
  has "$OUT" "[0-0] format arg $id $shown"
  has "$OUT" "[api #0-0] suite $id $shown"
  has "$OUT" ") suite $id $shown title $id $shown"
  has "$OUT" "[api #0-0] Error: message $id $shown"
  # JUnit: the suite's name property, the failure message, the stack, the console lines.
  has "$junit" "<property name=\"suiteName\" value=\"suite $id $shown\"/>"
  has "$junit" "<failure message=\"message $id $shown\" type=\"Error\"/>"
  has "$junit" "Error: message $id $shown"
  has "$junit" "console $id $shown"
  # The json reporter's document.
  has "$json" "\"name\": \"suite $id $json_form\","
  has "$json" "\"fullTitle\": \"suite $id $json_form title $id $json_form\","
  has "$json" "\"error\": \"message $id $json_form\","
  has "$json" "\"standardError\": \"Error: message $id $json_form\\n"
  has "$json" "\"logs\": \"console $id $json_form\\nformat arg $id $json_form\\n\""
  # Allure: the result (name, full name, suite label, message, trace), the console text.
  has "${allure_results[@]}" "\"name\": \"title $id $json_form\","
  has "${allure_results[@]}" "#suite $id $json_form title $id $json_form\","
  has "${allure_results[@]}" "\"value\": \"suite $id $json_form\""
  has "${allure_results[@]}" "\"message\": \"message $id $json_form\","
  has "${allure_results[@]}" "\"trace\": \"Error: message $id $json_form\\n"
  has "${allure_texts[@]}" "console $id $shown"
  # The worker's log file.
  has "$log" "console $id $shown"
done

# A hook's title and error carry theirs too.
has "$OUT" '"before each" hook: hook ␀ name for "after ␀ the hook"'
has "$junit" 'in hook ␀'
has "$json" '"name": "\"before each\" hook: hook \u0000 name for \"after \u0000 the hook\"",'
has "${allure_results[@]}" '"message": "in hook \u0000",'

# An error's expected and actual values keep theirs (JSON.stringify's "\ud800" included).
has "$json" '"actual": {
              "text": "x�\u0000y"
            }'
has "$json" '"expected": {
              "text": "😀"
            }'

# Every file well-formed; no raw NUL byte anywhere (each writer escaped or showed it).
e2e_check
xmllint --noout "$junit" 2>"$E2E_TMP/xmllint.log" || fail "junit: $(cat "$E2E_TMP/xmllint.log")"
for f in "$json" "${allure_results[@]}"; do
  e2e_check
  jq -e . "$f" >/dev/null || fail "$f is not JSON"
done
for f in "$OUT" "$ERR" "$junit" "$json" "$log" "${allure_results[@]}" "${allure_texts[@]}"; do
  e2e_check
  ! LC_ALL=C grep -qaP '\x00' "$f" || fail "$f holds a raw NUL byte"
done
# The JSON documents hold the NULs themselves: jq reads them back as U+0000.
e2e_check
[[ $(jq -r '.suites[0].tests[0].name' "$json" | od -An -c | tr -s ' ') == *'\0 b'* ]] ||
  fail "the json report's first title does not read back with its NUL"

# jasmine's pending(reason) keeps its NUL ("\u0000" in JSON, "␀" in XML); its lone
# surrogate is U+FFFD.
run_sonde run jasmine.conf.js
expect_status 0
expect_out '1 skipped'
has jasmine-reports/json/*.log '"pendingReason": "wait \u0000 for � it",'
has jasmine-reports/allure/*-result.json '"message": "wait \u0000 for � it"'
has jasmine-reports/junit/* '<skipped message="wait ␀ for � it"/>'

# A NUL inside a feature file is an input byte cucumber-js keeps (U+0000 in its names,
# steps, doc strings and cells): sonde keeps it too. The step matches with its NUL
# captured; the names and the step's title reach each writer whole.
printf 'Feature: fe\0at\n\n  Scenario: sc\0en\n    Given a st\0ep\n      """\n      doc\0string\n      """\n    When a table\n      | c\0ell |\n' >cucumber/nul.feature
run_sonde run cucumber.conf.js
expect_status 0
expect_out '[0-0] args: ["\u0000","doc\u0000string"]'
expect_out '[0-0] table: [["c\u0000ell"]]'
expect_out '[api #0-0] fe␀at'
expect_out '✓ sc␀en'
expect_out '✓ Given a st␀ep'
has cucumber-reports/json/*.log '"name": "fe\u0000at",'
has cucumber-reports/json/*.log '"fullTitle": "fe\u0000at sc\u0000en",'
has cucumber-reports/allure/*-result.json '"name": "sc\u0000en",'
has cucumber-reports/allure/*-result.json '"name": "Given a st\u0000ep",'
has cucumber-reports/junit/* '<property name="suiteName" value="fe␀at"/>'
has cucumber-reports/junit/* '<testcase classname="api.fe␀at" name="sc en"'
# cucumber's own formats: the classic JSON and the messages, as cucumber-js writes them.
has cucumber-reports/cucumber-0-0.json '"name": "a st\u0000ep",'
has cucumber-reports/cucumber-0-0.json '"content": "doc\u0000string",'
has cucumber-reports/cucumber-0-0.json '"c\u0000ell"'
has cucumber-reports/messages-0-0.ndjson '"text":"a st\u0000ep"'
has cucumber-reports/messages-0-0.ndjson '"name":"sc\u0000en"'
# Its JUnit, HTML and summary show the NUL as "␀", as sonde's own text reports do (XML
# cannot hold U+0000); the HTML page's embedded messages keep "\u0000".
has cucumber-reports/cucumber-0-0.xml '<testcase classname="fe␀at" name="sc␀en"'
has cucumber-reports/cucumber-0-0.html 'sc␀en'
has cucumber-reports/cucumber-0-0.html '"text":"a st\u0000ep"'
e2e_check
xmllint --noout cucumber-reports/cucumber-0-0.xml 2>"$E2E_TMP/xmllint.log" || fail "cucumber junit: $(cat "$E2E_TMP/xmllint.log")"
e2e_check
! LC_ALL=C grep -qaP '\x00' "$OUT" cucumber-reports/cucumber-0-0.xml cucumber-reports/cucumber-0-0.html ||
  fail 'a cucumber report holds a raw NUL byte'
for f in cucumber-reports/json/*.log cucumber-reports/allure/*-result.json cucumber-reports/cucumber-0-0.json; do
  e2e_check
  jq -e . "$f" >/dev/null || fail "$f is not JSON"
done
e2e_check
xmllint --noout cucumber-reports/junit/* 2>"$E2E_TMP/xmllint.log" || fail "junit: $(cat "$E2E_TMP/xmllint.log")"
