// Titles, error messages and console output holding NULs, lone surrogates and astral
// characters, through every reporter and the log files (issue 13 item 3).
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  framework: 'mocha',
  outputDir: './logs',
  reporters: [
    'spec',
    'dot',
    ['junit', { outputDir: './reports/junit', addWorkerLogs: true }],
    ['allure', { outputDir: './reports/allure', addConsoleLogs: true }],
    ['json', { outputDir: './reports/json' }],
  ],
};
