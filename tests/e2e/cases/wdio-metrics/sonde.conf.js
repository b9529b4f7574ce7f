exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  baseUrl: process.env.API_BASE_URL,
  mochaOpts: { timeout: 30000 },
  capabilities: [{ browserName: 'api', 'custom:team': 'qa' }],
  waitforTimeout: 1234,
};
