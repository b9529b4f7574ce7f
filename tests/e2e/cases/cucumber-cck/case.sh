# Cucumber's compatibility kit (@cucumber/compatibility-kit 30 from the npm registry, test
# data only; skipped without npm): each sample's feature files (one job) and TypeScript
# step definitions run under sonde with format json: and message:, and cck.js compares
#  - the statuses of every test case's steps and hooks in its last attempt, and the run's
#    verdict, with the sample's expected messages (from the json: report);
#  - the Cucumber Messages sonde wrote with the sample's expected .ndjson, envelope by
#    envelope after the normalisation cucumber-js's own compatibility test applies (ids,
#    uris, lines, timestamps, durations and error texts left out).
# The samples import '@cucumber/fake-cucumber': a package of that name that re-exports
# @cucumber/cucumber stands in for it. Options come from a sample's .arguments.txt
# (--retry 2, --order reverse); sonde runs with strict and failAmbiguousDefinitions, as
# Cucumber does.
# Samples left out, with the reason:
#   attachments, examples-tables-attachment, hooks-attachment: their steps read files
#     with fs.createReadStream, which sonde's runtime does not have;
#   pending-exception, skipped-exception, test-run-exception: fake-cucumber's own API
#     (PendingException, SkippedException, --error), not cucumber-js's;
#   unknown-parameter-type: sonde fails the spec file naming the definition's file:line
#     (issue 17) where Cucumber ignores the definition and reports its steps undefined.
# Samples whose statuses match but whose messages differ, with the reason: none.
# ctest-timeout: 300
if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  echo "e2e: SKIP [$CASE_NAME]: node and npm are needed to read the compatibility kit"
  return 0
fi
kit=$(cd "$(dirname "$SONDE")/.." && pwd)/build-oracles/cck30
if [[ ! -d $kit/node_modules/@cucumber/compatibility-kit/features ]]; then
  mkdir -p "$kit"
  if ! timeout 300 npm install --no-audit --no-fund --loglevel=error --prefix "$kit" \
    @cucumber/compatibility-kit@30 >"$E2E_TMP/npm.log" 2>&1; then
    echo "e2e: SKIP [$CASE_NAME]: npm could not install @cucumber/compatibility-kit@30 (no registry?):"
    sed 's/^/  | /' "$E2E_TMP/npm.log" | tail -n 5
    return 0
  fi
fi
features=$kit/node_modules/@cucumber/compatibility-kit/features

mkdir -p node_modules/@cucumber/fake-cucumber
cat >node_modules/@cucumber/fake-cucumber/index.js <<'JS'
const cucumber = require('@cucumber/cucumber');
module.exports = { ...cucumber, ParameterType: cucumber.defineParameterType };
JS

messages_differ=' '
skip=' attachments examples-tables-attachment hooks-attachment pending-exception skipped-exception test-run-exception unknown-parameter-type '
compared=0
failed=()
envelopes_equal=0
envelope_problems=()
for dir in "$features"/*/; do
  s=$(basename "$dir")
  [[ $skip == *" $s "* ]] && continue
  rm -rf samples out
  mkdir -p samples out
  cp -r "$dir" "samples/$s"
  retry=0
  grep -qs -- '--retry 2' "samples/$s/$s.arguments.txt" && retry=2
  order=defined
  grep -qs -- '--order reverse' "samples/$s/$s.arguments.txt" && order=reverse
  cat >sonde.conf.js <<JS
exports.config = {
  runner: 'api', framework: 'cucumber', specs: [['./samples/$s/*.feature', './samples/$s/*.feature.md']], maxInstances: 1,
  reporters: ['dot'],
  cucumberOpts: { require: ['./samples/$s/*.ts'], retry: $retry, strict: true,
    failAmbiguousDefinitions: true, order: '$order', format: ['json:out/cucumber.json', 'message:out/messages.ndjson'] },
};
JS
  run_sonde run sonde.conf.js
  node cck.js expected "samples/$s/$s.ndjson" >"out/expected.txt" || fail "cck.js cannot read $s.ndjson"
  shopt -s nullglob
  reports=(out/cucumber-*.json)
  shopt -u nullglob
  node cck.js actual "$STATUS" "${reports[@]}" >"out/actual.txt" || fail "cck.js cannot read sonde's reports of $s"
  if ! diff -u out/expected.txt out/actual.txt >"out/diff.txt"; then
    failed+=("$s:
$(cat out/diff.txt)")
  fi
  [[ -f out/messages-0-0.ndjson ]] || fail "sonde wrote no out/messages-0-0.ndjson for $s"
  if node cck.js envelopes "samples/$s/$s.ndjson" out/messages-0-0.ndjson >out/envelopes.txt; then
    envelopes_equal=$((envelopes_equal + 1))
    [[ $messages_differ == *" $s "* ]] && envelope_problems+=("$s: its messages match now (update the list)")
  elif [[ $messages_differ != *" $s "* ]]; then
    envelope_problems+=("$s: $(cut -c1-2000 out/envelopes.txt)")
  fi
  compared=$((compared + 1))
done
echo "e2e: [$CASE_NAME] $((compared - ${#failed[@]})) of $compared compatibility-kit samples match (statuses)"
echo "e2e: [$CASE_NAME] $envelopes_equal of $compared samples' messages equal the kit's envelopes"
expect_eq "$compared" 39 'samples compared'
((${#failed[@]} == 0)) || fail "samples that differ (- expected, + sonde):
$(printf '%s\n' "${failed[@]}")"
((${#envelope_problems[@]} == 0)) || fail "samples whose messages differ from the kit's (- expected, + sonde):
$(printf '%s\n' "${envelope_problems[@]}")"
expect_eq "$envelopes_equal" 39 'samples whose messages equal the kit'"'"'s'
