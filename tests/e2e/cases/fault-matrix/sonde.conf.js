// The fault matrix of issue 13: every fault at once, each in its own spec file beside a
// spec that passes, with the four reporters that write files or print.
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 2,
  baseUrl: process.env.API_BASE_URL,
  framework: 'mocha',
  mochaOpts: { timeout: 5000 },
  reporters: [
    'spec',
    ['junit', { outputDir: './reports/junit' }],
    ['allure', { outputDir: './reports/allure' }],
    ['json', { outputDir: './reports/json' }],
  ],
  apiRunner: { retryDelay: 10 },
};
