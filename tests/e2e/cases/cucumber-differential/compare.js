// Turns both runs into one line per scenario, "<feature> / <scenario>: <verdict> <steps>",
// for the case to compare:
//   node compare.js cucumber <cucumber-js json file>
//   node compare.js sonde <sonde stdout (spec reporter)>
//   node compare.js snippets <cucumber-js summary output | sonde stdout>
//     the snippets of undefined steps, each once, sorted
//   node compare.js json <Cucumber JSON file>...
//     the classic JSON of format 'json:' (several files: one array), features by uri, with
//     what depends on the run taken out: durations, error texts, and the "corpus/" that
//     sonde's paths start with (it runs from the case folder, cucumber-js from corpus/)
// verdict: passed, failed or skipped as a WebdriverIO reporter counts a scenario (under
// strict, pending and undefined fail it); steps: one symbol per step as the spec reporter
// shows it (✓ passed, ✖ failed or ambiguous, - skipped, pending or undefined).
'use strict';
const fs = require('fs');
const [mode, file] = process.argv.slice(2);
const symbol = (s) => (s === 'passed' ? '✓' : s === 'failed' || s === 'ambiguous' ? '✖' : '-');
const out = [];

if (mode === 'json') {
  const files = process.argv.slice(3);
  const features = files.flatMap((f) => JSON.parse(fs.readFileSync(f, 'utf8')));
  const clean = (v) => JSON.parse(JSON.stringify(v, (k, x) => {
    if (k === 'duration' || k === 'error_message') return undefined;
    if (typeof x === 'string') return x.replace(/^corpus\//, '');
    if (x && typeof x === 'object' && !Array.isArray(x))
      return Object.fromEntries(Object.keys(x).sort().map((key) => [key, x[key]]));
    return x;
  }));
  features.sort((a, b) => (a.uri < b.uri ? -1 : 1));
  process.stdout.write(JSON.stringify(clean(features), null, 1) + '\n');
  process.exit(0);
}
if (mode === 'snippets') {
  // A snippet follows "... the following snippet:" and a blank line and ends with "});";
  // sonde's lines carry the reporter's "[api #0-0] " prefix, cucumber-js's an indent.
  const lines = fs.readFileSync(file, 'utf8').split('\n').map((l) => l.replace(/^\[(?:api #)?\d+-\d+\] ?/, ''));
  const seen = new Set();
  for (let i = 0; i < lines.length; i++) {
    if (!/following snippet:$/.test(lines[i])) continue;
    const indent = /^ */.exec(lines[i + 2])[0].length;
    const block = [];
    for (let k = i + 2; k < lines.length; k++) {
      block.push(lines[k].slice(indent));
      if (lines[k].trim() === '});') break;
    }
    seen.add(block.join('\n'));
  }
  out.push(...seen);
} else if (mode === 'cucumber') {
  const order = ['passed', 'skipped', 'pending', 'undefined', 'ambiguous', 'failed'];
  for (const feature of JSON.parse(fs.readFileSync(file, 'utf8'))) {
    for (const el of feature.elements || []) {
      if (el.type !== 'scenario') continue;
      let worst = 'passed';
      const steps = [];
      for (const st of el.steps) {
        const s = st.result.status;
        if (order.indexOf(s) > order.indexOf(worst)) worst = s;
        if (!st.hidden) steps.push(symbol(s));
      }
      const verdict = worst === 'passed' ? 'passed' : worst === 'skipped' ? 'skipped' : 'failed';
      out.push(`${feature.name} / ${el.name}: ${verdict} ${steps.join('')}`);
    }
  }
} else {
  let feature = null, depth = 0, current = null;
  const verdicts = { '✓': 'passed', '✖': 'failed', '-': 'skipped' };
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^\[api #\d+-\d+\] ?(.*)$/.exec(raw);
    if (!m) continue;
    const line = m[1];
    const item = /^( *)([✓✖\-↻]) (.*?)(?: \(\d+ms\))?$/.exec(line);
    if (!item) {
      const title = /^( *)(\S.*)$/.exec(line);
      if (!title || /^(Running:|» |\d+ (passing|failing|skipped|retried)|\d+\) )/.test(title[2])) continue;
      if (title[1].length === 0) { feature = title[2]; depth = 1; } else depth = 1 + title[1].length / 4;
      continue;
    }
    const indent = item[1].length, scenarioIndent = 3 + (depth - 1) * 4;
    if (indent === scenarioIndent) {
      current = { name: item[3], verdict: verdicts[item[2]], steps: '' };
      out.push(current);
      current.feature = feature;
    } else if (current && indent === scenarioIndent + 4 && !/^(Before|After) hook/.test(item[3])) {
      // A failed Before/After hook is listed with the steps; cucumber-js's JSON hides hooks.
      current.steps += item[2];
    }
  }
  for (let i = 0; i < out.length; i++) {
    const s = out[i];
    out[i] = `${s.feature} / ${s.name}: ${s.verdict} ${s.steps}`;
  }
}
out.sort();
process.stdout.write(out.join('\n') + '\n');
