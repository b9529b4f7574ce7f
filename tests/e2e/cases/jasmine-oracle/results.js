// Prints sonde's json report of one corpus file as oracle.js prints jasmine-core's results.
// usage: node results.js <wdio-*-json-reporter.log>
'use strict';
const report = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));
const status = { passed: 'passed', failed: 'failed', skipped: 'pending' };
const tests = [];
const walk = (suites) => { for (const s of suites) { tests.push(...s.tests); walk(s.suites || []); } };
walk(report.suites);
// A failed hook is an entry of its own in sonde's reports (as in WebdriverIO's); jasmine-core
// reports it on its suite, which oracle.js does not print.
tests.splice(0, tests.length, ...tests.filter((t) => !t.hook));
// jasmine words an error thrown as "Name: message"; sonde reports the error itself. Failed
// expectations (one, or several joined) are errors made in sonde:jasmine, already in
// jasmine's words, as is the runner's "Not run because a beforeAll function failed ...".
const text = (t) => {
  const d = t.errorDetails;
  if (!d) return t.error || '';
  if (d.file === 'sonde:jasmine' || /^Not run because a beforeAll/.test(d.message)) return d.message;
  return d.name + ': ' + d.message;
};
for (const t of tests) console.log('RESULT ' + t.fullTitle + ' | ' + (status[t.state] || t.state) + ' | ' + text(t));
