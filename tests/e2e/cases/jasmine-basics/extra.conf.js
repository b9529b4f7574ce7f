// expectationResultHandler, requires, and the config hooks around jasmine specs.
exports.config = {
  runner: 'api',
  specs: ['./opts/extra.spec.js'],
  maxInstances: 1,
  framework: 'jasmine',
  jasmineOpts: {
    requires: ['./required.js'],
    expectationResultHandler(passed, assertion) {
      console.log('HANDLER ' + passed + ' ' + assertion.matcherName + (passed ? '' : ': ' + assertion.message));
    },
  },
  afterTest(test, context, result) {
    console.log('AFTERTEST ' + test.title + ' passed=' + result.passed + (result.error ? ' error=' + result.error.message : ''));
  },
};
