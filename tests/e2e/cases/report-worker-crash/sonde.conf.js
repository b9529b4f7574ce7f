// A worker killed in the middle of a test (issue 13.6).
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  framework: 'mocha',
  reporters: [
    'spec',
    ['junit', { outputDir: './reports/junit' }],
    ['allure', { outputDir: './reports/allure' }],
    ['json', { outputDir: './reports/json' }],
  ],
};
