# sonde against cucumber-js 11 from the npm registry on the same feature files and step
# definitions (corpus/: statuses, hooks, outlines, rules and backgrounds, tables and doc
# strings, expressions and parameter types, asynchronous steps and timeouts, French, and
# undefined steps): per scenario, the verdict and each step's symbol must be equal, and so
# must the snippets printed for undefined steps and the classic JSON of format 'json:' (but
# for durations and error texts). sonde runs with strict and failAmbiguousDefinitions
# (cucumber-js's behaviour; WebdriverIO's defaults are both off).
if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  echo "e2e: SKIP [$CASE_NAME]: node and npm are needed for the cucumber-js oracle"
  return 0
fi
# Beside the build folders (build-oracles/ is git-ignored as build*/), shared by the builds.
oracle=$(cd "$(dirname "$SONDE")/.." && pwd)/build-oracles/cucumber11
if [[ ! -x $oracle/node_modules/.bin/cucumber-js ]]; then
  mkdir -p "$oracle"
  if ! timeout 300 npm install --no-audit --no-fund --loglevel=error --prefix "$oracle" @cucumber/cucumber@11 \
    >"$E2E_TMP/npm.log" 2>&1; then
    echo "e2e: SKIP [$CASE_NAME]: npm could not install @cucumber/cucumber@11 (no registry?):"
    sed 's/^/  | /' "$E2E_TMP/npm.log" | tail -n 5
    return 0
  fi
fi

cd corpus || fail 'no corpus folder'
# The step file's require('@cucumber/cucumber') finds the oracle's package through NODE_PATH.
NODE_PATH=$oracle/node_modules "$oracle/node_modules/.bin/cucumber-js" --require 'steps/*.js' \
  --format json:"$E2E_TMP/cucumber.json" --format summary:"$E2E_TMP/cucumber.txt" features/ \
  >"$E2E_TMP/cucumber.out" 2>&1
[[ -s $E2E_TMP/cucumber.json ]] || fail "cucumber-js wrote no report: $(cat "$E2E_TMP/cucumber.out")"
cd .. || fail 'no case folder'

run_sonde run sonde.conf.js --cucumberOpts.format "json:$E2E_TMP/sonde/cucumber.json"
expect_status 1
# A failed Before/After hook is listed with the scenario's steps, with its file:line.
expect_out_re '^\[api #0-[0-9]\]        ✖ Before hook \(corpus/steps/steps\.js:27\)$'
expect_out_re '^\[api #0-[0-9]\]        ✖ After hook \(corpus/steps/steps\.js:28\)$'
node compare.js cucumber "$E2E_TMP/cucumber.json" >"$E2E_TMP/expected.txt" || fail 'compare.js failed on cucumber-js output'
node compare.js sonde "$OUT" >"$E2E_TMP/actual.txt" || fail 'compare.js failed on sonde output'
expect_eq "$(wc -l <"$E2E_TMP/expected.txt")" 36 'scenarios cucumber-js ran'
if ! diff -u "$E2E_TMP/expected.txt" "$E2E_TMP/actual.txt" >"$E2E_TMP/diff.txt"; then
  fail "scenarios differ from cucumber-js (- cucumber-js, + sonde):
$(cat "$E2E_TMP/diff.txt")"
fi
node compare.js snippets "$E2E_TMP/cucumber.txt" >"$E2E_TMP/expected-snippets.txt"
node compare.js snippets "$OUT" >"$E2E_TMP/actual-snippets.txt"
expect_eq "$(grep -c '^});' "$E2E_TMP/expected-snippets.txt")" 7 'distinct snippets cucumber-js printed'
if ! diff -u "$E2E_TMP/expected-snippets.txt" "$E2E_TMP/actual-snippets.txt" >"$E2E_TMP/diff.txt"; then
  fail "snippets differ from cucumber-js (- cucumber-js, + sonde):
$(cat "$E2E_TMP/diff.txt")"
fi
# One JSON file per job (the cid in its name), together the same document as cucumber-js's.
expect_eq "$(find "$E2E_TMP/sonde" -name 'cucumber-0-*.json' | wc -l)" 7 'json files, one per feature file'
node compare.js json "$E2E_TMP/cucumber.json" >"$E2E_TMP/expected.json"
node compare.js json "$E2E_TMP"/sonde/cucumber-0-*.json >"$E2E_TMP/actual.json"
if ! diff -u "$E2E_TMP/expected.json" "$E2E_TMP/actual.json" >"$E2E_TMP/diff.txt"; then
  fail "format json differs from cucumber-js's (- cucumber-js, + sonde):
$(head -n 80 "$E2E_TMP/diff.txt")"
fi
