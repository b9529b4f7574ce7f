// The differential suite's judge. For every corpus file, compares its outcome under mocha
// (the JSON reporter's file and mocha's exit code) with its outcome under sonde (the json
// reporter's document of that spec file): the multiset of (full title, state) pairs and
// whether the file failed. Files listed in known-differences.md are expected to differ
// (each row says why); any other difference, or a listed file that now agrees, fails.
//
// Usage: node compare.js WORK_DIR CORPUS_DIR KNOWN_DIFFERENCES_MD
//   WORK_DIR/mocha/NAME.json and NAME.status: mocha's report and exit code per file;
//   WORK_DIR/sonde/**/wdio-*-json-reporter.log: sonde's documents (their "spec" names the file).
// Prints one line per file that differs, then "differential: A of N files agree ...".
'use strict';
const fs = require('fs');
const path = require('path');

const [work, corpus, knownFile] = process.argv.slice(2);

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    return null;
  }
}

// mocha: passes, failures and pending are the events its reporter saw, so a test that
// passed and then failed late is in two lists, as it is twice in sonde's report.
function mochaOutcome(name) {
  const doc = readJson(path.join(work, 'mocha', `${name}.json`));
  const status = fs.readFileSync(path.join(work, 'mocha', `${name}.status`), 'utf8').trim();
  const pairs = [];
  if (doc) {
    for (const t of doc.passes) pairs.push(`${t.fullTitle} :: passed`);
    for (const t of doc.failures) pairs.push(`${t.fullTitle} :: failed`);
    for (const t of doc.pending) pairs.push(`${t.fullTitle} :: pending`);
  } else {
    pairs.push('(the file did not load) :: failed');
  }
  return { pairs, failed: status !== '0', detail: `exit ${status}` };
}

function sondeDocs() {
  const byName = new Map();
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/json-reporter\.log$/.test(e.name)) {
        const doc = readJson(p);
        if (doc && doc.specs) byName.set(path.basename(doc.specs[0], '.spec.js'), doc);
      }
    }
  };
  walk(path.join(work, 'sonde'));
  return byName;
}

function sondeOutcome(doc) {
  const pairs = [];
  if (!doc) return { pairs: ['(no report) :: failed'], failed: true, detail: 'no report' };
  for (const s of doc.suites) {
    for (const t of s.tests.concat(s.hooks)) {
      pairs.push(`${t.fullTitle} :: ${t.state === 'skipped' ? 'pending' : t.state}`);
    }
  }
  if (doc.error) pairs.push('(the file did not load) :: failed');
  const failed = !doc.passed;
  return { pairs, failed, detail: doc.passed ? 'passed' : 'failed' };
}

function minus(a, b) {
  const rest = b.slice();
  const out = [];
  for (const x of a) {
    const i = rest.indexOf(x);
    if (i >= 0) rest.splice(i, 1);
    else out.push(x);
  }
  return out;
}

// known-differences.md: a Markdown table whose first column is a corpus file's name.
function knownDifferences() {
  const known = new Map();
  for (const line of fs.readFileSync(knownFile, 'utf8').split('\n')) {
    const m = /^\|\s*`?([a-z][a-z0-9-]*)`?\s*\|(.*)\|\s*$/.exec(line);
    if (m && m[1] !== 'file') known.set(m[1], m[2].trim());
  }
  return known;
}

const names = fs.readdirSync(corpus).filter((f) => f.endsWith('.spec.js')).map((f) => f.slice(0, -8)).sort();
const docs = sondeDocs();
const known = knownDifferences();
let agree = 0, expected = 0;
const unexpected = [];
for (const name of names) {
  const m = mochaOutcome(name);
  const s = sondeOutcome(docs.get(name));
  const lines = [];
  for (const p of minus(m.pairs, s.pairs)) lines.push(`    mocha only: ${p}`);
  for (const p of minus(s.pairs, m.pairs)) lines.push(`    sonde only: ${p}`);
  if (m.failed !== s.failed) lines.push(`    verdict: mocha ${m.failed ? 'failed' : 'passed'} (${m.detail}), sonde ${s.failed ? 'failed' : 'passed'}`);
  if (!lines.length) {
    if (known.has(name)) unexpected.push(`  ${name}: agrees now; remove it from known-differences.md`);
    else agree++;
    continue;
  }
  if (known.has(name)) {
    expected++;
    console.log(`  ${name}: differs as documented (${known.get(name)})`);
    for (const l of lines) console.log(l);
    continue;
  }
  unexpected.push(`  ${name}: differs`, ...lines);
}
for (const name of known.keys())
  if (!names.includes(name)) unexpected.push(`  ${name}: listed in known-differences.md but not in the corpus`);
for (const l of unexpected) console.log(l);
const outside = names.length - known.size;
console.log(`differential: ${agree} of ${outside} files outside the table agree with mocha ` +
            `(${names.length} files, ${expected} documented differences)`);
process.exit(unexpected.length ? 1 : 0);
