exports.config = {
  runner: 'api',
  specs: ['./proxy/*.spec.js'],
  baseUrl: process.env.API_BASE_URL,
  mochaOpts: { timeout: 30000 },
};
