// One worker process for 3 files at once: a busy loop, a process.exit and a plain file.
exports.config = {
  runner: 'api',
  specs: ['./isolation/*.spec.js'],
  maxInstances: 3,
  workers: 1,
  watchdogTimeout: 1500,
  baseUrl: process.env.API_BASE_URL,
  mochaOpts: { timeout: 20000 },
};
