// framework: 'cucumber' end to end: feature files (one job each, in file order with
// maxInstances 1) with step definitions from cucumberOpts.require.
exports.config = {
  runner: 'api',
  framework: 'cucumber',
  specs: ['./features/*.feature'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  reporters: ['spec', ['junit', { outputDir: './junit' }], ['allure', { outputDir: './allure' }]],
  cucumberOpts: {
    require: ['./steps/*.js'],
    timeout: 3000,
    format: ['json:reports/cucumber.json'],
  },
};
