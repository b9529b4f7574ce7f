// A feature file with NULs in its feature and scenario names, a step, a doc string and a
// table cell (issue 13 item 3), through every reporter and cucumber's own formats.
exports.config = {
  runner: 'api',
  framework: 'cucumber',
  specs: ['./cucumber/*.feature'],
  reporters: [
    'spec',
    ['junit', { outputDir: './cucumber-reports/junit' }],
    ['allure', { outputDir: './cucumber-reports/allure' }],
    ['json', { outputDir: './cucumber-reports/json' }],
  ],
  cucumberOpts: {
    require: ['./cucumber/steps.js'],
    format: [
      'json:cucumber-reports/cucumber.json',
      'message:cucumber-reports/messages.ndjson',
      'junit:cucumber-reports/cucumber.xml',
      'html:cucumber-reports/cucumber.html',
      'summary',
    ],
  },
};
