exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 3,
  baseUrl: process.env.API_BASE_URL,
  mochaOpts: { timeout: 30000 },
};
