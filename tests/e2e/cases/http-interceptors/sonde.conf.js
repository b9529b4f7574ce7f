// One worker, so that the second spec file proves a fresh realm starts without the first
// one's interceptors and header changes.
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  mochaOpts: { timeout: 30000 },
  apiRunner: { headers: { 'X-Team': 'qa', Authorization: 'Bearer secret-token' } },
};
