// Node's assert module for mocha users: pass.spec.js passing, esm.spec.js through imports,
// fail.spec.js failing once per test with Node's messages (fail.node.txt, recorded from
// Node 20's own assert).
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  mochaOpts: { timeout: 10000 },
};
