// 4 files at once in 2 workers, 2 in each; one of them kills its process.
exports.config = {
  runner: 'api',
  specs: ['./crash/*.spec.js'],
  maxInstances: 4,
  workers: 2,
  baseUrl: process.env.API_BASE_URL,
  mochaOpts: { timeout: 20000 },
};
