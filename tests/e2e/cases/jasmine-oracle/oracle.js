// Runs one corpus file under jasmine-core (the oracle, installed by case.sh) and prints what
// sonde's run is compared with: the spec bodies' "RAN <name>" lines in order, then one
// "RESULT <full name> | <status> | <failure messages joined by ' // '>" line per spec.
// usage: node oracle.js <jasmine-core dir> <spec file> <seed|none> [helper]
'use strict';
const path = require('path');
const core = require(path.resolve(process.argv[2]));
const jasmine = core.boot(true);
const env = jasmine.getEnv();
const seed = process.argv[4];
env.configure(seed === 'none' ? { random: false } : { random: true, seed });
// ORACLE_STOP=1: stopOnSpecFailure (sonde's --jasmineOpts.stopOnFailure).
if (process.env.ORACLE_STOP) env.configure({ stopOnSpecFailure: true });
const results = [];
env.addReporter({
  specDone(r) {
    results.push('RESULT ' + r.fullName + ' | ' + r.status + ' | ' +
      r.failedExpectations.map((f) => f.message).join("\n"));
  },
});
// A 5th argument: a helper loaded before the spec file (reporter.js).
if (process.argv[5]) require(path.resolve(process.argv[5]));
require(path.resolve(process.argv[3]));
env.execute().then(() => {
  for (const line of results) console.log(line);
});
