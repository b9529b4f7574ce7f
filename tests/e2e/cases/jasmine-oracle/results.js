// Prints sonde's json report of one corpus file as oracle.js prints jasmine-core's results.
// usage: node results.js <wdio-*-json-reporter.log>
'use strict';
const report = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));
const status = { passed: 'passed', failed: 'failed', skipped: 'pending' };
const tests = [];
const walk = (suites) => { for (const s of suites) { tests.push(...s.tests); walk(s.suites || []); } };
walk(report.suites);
for (const t of tests) console.log('RESULT ' + t.fullTitle + ' | ' + (status[t.state] || t.state) + ' | ' + (t.error || ''));
