// Secrets in everything a run writes: spec output (verbose exchanges included), log
// files, JUnit, Allure and JSON reports.
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  outputDir: './logs',
  apiRunner: {
    verbose: true,
    maskHeaders: ['X-Internal'],
    headers: { Authorization: 'Bearer config-token-0123456789' },
  },
  reporters: [
    'spec',
    ['junit', { outputDir: './reports/junit' }],
    ['allure', { outputDir: './reports/allure', addConsoleLogs: true }],
    ['json', { outputDir: './reports/json' }],
  ],
  // The launcher's own console (config hooks) masks API_KEY and API_TOKEN too.
  onPrepare() {
    console.log(`onPrepare: ${process.env.API_KEY} ${process.env.API_TOKEN}`);
  },
};
