// 6 spec files at once in 2 worker processes: 3 interleaved in each. The config's worker
// hooks run in each file's realm: `before` sets a global the tests read, beforeTest counts
// in that realm, `after` reports the count of its own realm.
const path = require('path');

exports.config = {
  runner: 'api',
  specs: ['./interleave/*.spec.js'],
  maxInstances: 6,
  workers: 2,
  baseUrl: process.env.API_BASE_URL,
  mochaOpts: { timeout: 20000 },
  async before(capabilities, specs) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    globalThis.token = `token-${path.basename(specs[0])}`;
    globalThis.beforeTests = 0;
  },
  beforeTest() {
    globalThis.beforeTests++;
  },
  after(failures, capabilities, specs) {
    console.log(`after hook of ${path.basename(specs[0])}: ${token}, ${beforeTests} tests`);
  },
};
