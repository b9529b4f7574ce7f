// apiRunner.har: every spec file's `api` exchanges in har-logs/<spec file>-<cid>.har.
exports.config = {
  runner: 'api',
  specs: ['./specs-run/*.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  apiRunner: { har: true },
};
