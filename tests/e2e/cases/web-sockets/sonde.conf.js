// WebSocket and EventSource globals against the reference server (tests/e2e/support).
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  mochaOpts: { timeout: 10000 },
};
