// The config's outputDir is the default of the reporter's; suiteNameFormat and
// classNameFormat name suites and classes; errorOptions puts the stack in <failure>.
exports.config = {
  runner: 'api',
  specs: ['./specs/a-users.spec.js'],
  baseUrl: process.env.API_BASE_URL,
  outputDir: './logs',
  reporters: [['junit', {
    suiteNameFormat: /[^a-z]+/,
    classNameFormat: ({ packageName, suite }) => `${packageName}/${suite.title.length}`,
    packageName: 'pkg',
    errorOptions: { failure: 'message', stacktrace: 'stack' },
  }]],
};
