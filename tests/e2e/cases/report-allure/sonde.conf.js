// allure beside spec: results, containers and attachments in allure-results.
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 3,
  // A process per spec file: b-crash aborts its worker, which must take no other file down.
  workers: 3,
  baseUrl: process.env.API_BASE_URL,
  capabilities: [{ browserName: 'api', browserVersion: 'stable', platformName: 'linux' }],
  reporters: [
    'spec',
    ['allure', {
      outputDir: 'allure-results',
      disableWebdriverStepsReporting: false,
      disableWebdriverScreenshotsReporting: true,
      addConsoleLogs: true,
      reportedEnvironmentVars: { API: 'sonde test server', NODE_ENV: 'e2e' },
    }],
  ],
};
