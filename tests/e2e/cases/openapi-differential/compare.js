// Compares sonde's verdicts (the "V <index> <verdict>" lines of its output, in argv[2])
// with the oracle's in cases.json. Every disagreement must be listed in
// known-differences.json with the reason (the other validator's bug, by the specification's
// text), and every listed one must still occur. Exits 1 otherwise.
const fs = require('fs');
const cases = require('./cases.json');
const known = require('./known-differences.json');
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const verdicts = new Map();
for (const line of fs.readFileSync(process.argv[2], 'utf8').split('\n')) {
  const m = /^\[0-0\] V (\d+) (.*)$/.exec(line);
  if (m) verdicts.set(Number(m[1]), m[2]);
}
let agree = 0, documented = 0, bad = 0;
const seen = new Set();
cases.forEach((c, i) => {
  const v = verdicts.get(i);
  if (v === c.oracle) return void agree++;
  const k = known.findIndex((d) => d.label === c.label && d.method === c.method && d.url === c.url &&
    d.key === c.key && same(d.body, c.body) && d.sonde === v && d.oracle === c.oracle);
  if (k >= 0) {
    documented++;
    seen.add(k);
    return;
  }
  bad++;
  console.log(`differs: ${c.label} ${c.method} ${c.url} (response ${c.key}) body ${JSON.stringify(c.body)}: ` +
    `sonde ${v === undefined ? 'gave no verdict' : v}, openapi-response-validator ${c.oracle}`);
});
known.forEach((d, k) => {
  if (!seen.has(k)) {
    bad++;
    console.log(`no longer differs (remove it from known-differences.json): ${d.label} ${d.method} ${d.url} ${d.key}`);
  }
});
const docs = new Set(cases.map((c) => c.label)).size;
console.log(`differential: ${agree} of ${cases.length} document/response pairs agree with ` +
  `openapi-response-validator (${docs} documents), ${documented} documented differences`);
process.exit(bad ? 1 : 0);
