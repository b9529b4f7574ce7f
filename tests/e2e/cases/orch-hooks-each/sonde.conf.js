// beforeTest/afterTest wrap the test function itself, as in WebdriverIO's mocha adapter
// (@wdio/utils wraps `it` with beforeTest/afterTest and every mocha hook with
// beforeHook/afterHook): the beforeEach hooks run before beforeTest, the afterEach hooks
// after afterTest.
const log = (s) => console.log('H ' + s);
exports.config = {
  runner: 'api',
  specs: ['./specs/each.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  beforeHook: (test, context, hookName) => log(`beforeHook ${hookName}`),
  afterHook: (test, context, result, hookName) => log(`afterHook ${hookName} passed=${result.passed}`),
  beforeTest: (test) => log(`beforeTest ${test.title}`),
  afterTest: (test, context, result) => log(`afterTest ${test.title} passed=${result.passed}`),
};
