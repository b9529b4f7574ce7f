exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 2,
  baseUrl: process.env.API_BASE_URL,
  mochaOpts: { timeout: 10000 },
};
