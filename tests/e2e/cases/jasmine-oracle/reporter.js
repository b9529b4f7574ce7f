// A jasmine reporter (jasmine.getEnv().addReporter) that prints every call as a line
// "REPORT <method> <result as JSON>", loaded as a helper by sonde (reporter.conf.js) and
// before the spec file by oracle.js; case.sh compares the lines. What differs by nature is
// normalized: durations and times to their type, file names to their base name, stacks to
// whether they name the spec file, and the seed of a run that is not random.
'use strict';
const base = (f) => (typeof f === 'string' ? f.replace(/^.*\//, '') : f);
const clean = (k, v) => {
  if (k === 'duration' || k === 'totalTime') return v === null ? null : typeof v;
  if (k === 'filename') return base(v);
  if (k === 'stack') return typeof v;
  return v;
};
const print = (method) => (result) => {
  const r = JSON.parse(JSON.stringify(result, clean));
  if (r.order && !r.order.random) r.order.seed = null;
  console.log('REPORT ' + method + ' ' + JSON.stringify(r));
};
const reporter = {};
for (const m of ['jasmineStarted', 'suiteStarted', 'specStarted', 'specDone', 'suiteDone', 'jasmineDone'])
  reporter[m] = print(m);
jasmine.getEnv().addReporter(reporter);
