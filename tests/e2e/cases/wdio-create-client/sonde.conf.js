// createApiClient and wdio-api-runner's interceptor forms (issue 21 §1). One worker: the
// second spec file proves clients and their interceptors are per spec file.
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  mochaOpts: { timeout: 30000 },
  apiRunner: { headers: { 'X-Run': 'global' } },
};
