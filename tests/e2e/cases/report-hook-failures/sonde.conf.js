// Hook failures and late errors in every reporter at once (issues 13.1 and 22): no test that
// ran is lost, and every failure counts.
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  framework: 'mocha',
  mochaOpts: { timeout: 2000 },
  drainTimeout: 1000,
  reporters: [
    'spec',
    ['junit', { outputDir: './reports/junit' }],
    ['allure', { outputDir: './reports/allure' }],
    ['json', { outputDir: './reports/json' }],
  ],
};
