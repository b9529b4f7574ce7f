// Only cucumber hooks, no mocha-style worker hook: they still run in the spec file's realm
// (WebdriverIO runs them in the worker, with the spec's globals).
exports.config = {
  runner: 'api',
  framework: 'cucumber',
  specs: ['./features-realm/*.feature'],
  cucumberOpts: { require: ['./steps-realm/*.js'] },
  beforeScenario(world) { globalThis.fromBeforeScenario = world.pickle.name; },
  afterScenario() { console.log('AFTER SCENARIO sees ' + globalThis.fromStep); },
};
