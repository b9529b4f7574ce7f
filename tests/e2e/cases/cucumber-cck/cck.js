// Compares one run of a compatibility-kit sample with the kit's expected messages, two ways:
//   node cck.js expected <sample.ndjson>
//   node cck.js actual <sonde's exit code> <Cucumber JSON files of format json:>...
// reduce a run to one line per test case that ran (its pickle's name and the statuses of
// its test steps, hooks included, in its last attempt; sorted) and the run's verdict;
//   node cck.js envelopes <sample.ndjson> <sonde's message: file>
// compares the envelope sequences as cucumber-js's own compatibility test does
// (cucumber-js/compatibility/cck_spec.ts): every key of IGNORED removed at any depth
// (ids and references, sources' uris and lines, timestamps and durations, error texts,
// snippets' code) and `meta` left out, then deeply equal, order included. Exit 0 when
// equal; else 1 and the first envelope that differs.
'use strict';
const fs = require('fs');
const [mode, ...args] = process.argv.slice(2);
const read = (f) => fs.readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
if (mode === 'envelopes') {
  const IGNORED = new Set(['uri', 'line', 'column', 'astNodeId', 'astNodeIds', 'hookId', 'id', 'pickleId',
    'pickleStepId', 'stepDefinitionIds', 'testRunStartedId', 'testRunHookStartedId', 'testCaseId',
    'testCaseStartedId', 'testStepId', 'nanos', 'seconds', 'message', 'stackTrace', 'code', 'language']);
  const strip = (v) => {
    if (Array.isArray(v)) return v.map(strip);
    if (!v || typeof v !== 'object') return v;
    const o = {};
    for (const k of Object.keys(v).sort()) if (!IGNORED.has(k)) o[k] = strip(v[k]);
    return o;
  };
  const norm = (list) => list.filter((e) => !e.meta).map((e) => JSON.stringify(strip(e)));
  const want = norm(read(args[0])), got = norm(read(args[1]));
  for (let i = 0; i < Math.max(want.length, got.length); i++) {
    if (want[i] === got[i]) continue;
    process.stdout.write(`envelope ${i + 1} differs:\n- ${want[i] || '(none)'}\n+ ${got[i] || '(none)'}\n`);
    process.exit(1);
  }
  process.exit(0);
}
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
