# A NUL or a lone surrogate in a title, an error message or a console line cuts nothing:
# a lone surrogate becomes U+FFFD, a NUL the visible U+2400 (XML cannot hold a NUL at all);
# every report stays well-formed.
run_sonde run sonde.conf.js
expect_status 1
expect_out 'x � y'
expect_out 'p␀q r␀s'
expect_out '✓ a␀b'
expect_out 'suite␀tail'
expect_out '✖ lone � low'
expect_out 'msg ␀ and � end'
expect_out '✓ pair 😀 ok'

for f in reports/junit/*; do
  xmllint --noout "$f" 2>"$E2E_TMP/xmllint.log" || fail "junit report is not well-formed XML: $(cat "$E2E_TMP/xmllint.log")"
done
expect_file_contains "$(ls reports/junit/* | head -n 1)" 'msg ␀ and � end'
json=$(cat reports/json/*)
[[ $json == *'"name": "a␀b"'* ]] || fail "json report: $json"
[[ $json == *'msg ␀ and � end'* ]] || fail "json report lost the message: $json"
grep -l 'lone � low' reports/allure/*-result.json >/dev/null || fail 'allure has no result for the test'
grep -rl 'x � y' reports/allure >/dev/null || fail 'allure lost the console line'
