// Reduces one run of a compatibility-kit sample to what sonde can be compared on without
// Cucumber Messages (which sonde does not write): one line per test case that ran, its
// pickle's name and the statuses of its test steps (hooks included) in order, for its last
// attempt; then the run's verdict. Lines sorted (sonde runs a sample's features in separate
// jobs).
//   node cck.js expected <sample.ndjson>
//   node cck.js actual <sonde's exit code> <Cucumber JSON files of format json:>...
'use strict';
const fs = require('fs');
const [mode, ...args] = process.argv.slice(2);
const out = [];
let success;
if (mode === 'expected') {
  const env = fs.readFileSync(args[0], 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const pickles = {}, cases = {}, started = {}, results = {};
  for (const e of env) {
    if (e.pickle) pickles[e.pickle.id] = e.pickle;
    if (e.testCase) cases[e.testCase.id] = e.testCase;
    if (e.testCaseStarted) started[e.testCaseStarted.id] = e.testCaseStarted;
    if (e.testStepFinished) {
      const f = e.testStepFinished;
      (results[f.testCaseStartedId] ||= {})[f.testStepId] = f.testStepResult.status;
    }
    if (e.testRunFinished) success = e.testRunFinished.success;
  }
  const last = {};
  for (const s of Object.values(started)) {
    if (!last[s.testCaseId] || last[s.testCaseId].attempt < s.attempt) last[s.testCaseId] = s;
  }
  for (const [id, s] of Object.entries(last)) {
    const r = results[s.id] || {};
    out.push(`${pickles[cases[id].pickleId].name}: ${cases[id].testSteps.map((t) => r[t.id] || 'UNKNOWN').join(' ')}`);
  }
} else {
  success = args[0] === '0';
  for (const f of args.slice(1))
    for (const feature of JSON.parse(fs.readFileSync(f, 'utf8')))
      for (const el of feature.elements)
        out.push(`${el.name}: ${el.steps.map((s) => s.result.status.toUpperCase()).join(' ')}`);
}
out.sort();
out.push(`success: ${success}`);
process.stdout.write(out.join('\n') + '\n');
