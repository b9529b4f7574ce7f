// jasmine's pending(reason) through the reporters (issue 13 item 3).
exports.config = {
  runner: 'api',
  specs: ['./jasmine/*.spec.js'],
  framework: 'jasmine',
  reporters: [
    'spec',
    ['junit', { outputDir: './jasmine-reports/junit' }],
    ['allure', { outputDir: './jasmine-reports/allure' }],
    ['json', { outputDir: './jasmine-reports/json' }],
  ],
};
