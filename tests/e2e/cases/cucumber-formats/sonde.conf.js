exports.config = {
  runner: 'api',
  framework: 'cucumber',
  specs: ['./features/*.feature'],
  maxInstances: 2,
  reporters: ['dot'],
  cucumberOpts: {
    require: ['./steps/*.js'],
    format: ['message:out/messages.ndjson', 'junit:out/cucumber.xml', 'html:out/report.html', 'progress'],
  },
};
