// Titles, error messages and console output holding a NUL or a lone surrogate (issue 13.3).
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  framework: 'mocha',
  reporters: [
    'spec',
    ['junit', { outputDir: './reports/junit' }],
    ['allure', { outputDir: './reports/allure', addConsoleLogs: true }],
    ['json', { outputDir: './reports/json' }],
  ],
};
