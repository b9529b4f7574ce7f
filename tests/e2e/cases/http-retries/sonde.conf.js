// apiRunner.retries 2 and retryDelay 100 by default; specs override them per request.
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 2,
  baseUrl: process.env.API_BASE_URL,
  mochaOpts: { timeout: 30000 },
  apiRunner: { retries: 2, retryDelay: 100 },
};
