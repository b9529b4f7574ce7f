// cucumberOpts and WebdriverIO's cucumber hooks of the config. The hooks print what they
// get, so that the case can check the arguments.
const line = (...parts) => console.log(parts.join(' '));
exports.config = {
  runner: 'api',
  framework: 'cucumber',
  specs: ['./features/*.feature'],
  maxInstances: 1,
  cucumberOpts: {
    require: ['./steps/*.js'],
    requireModule: ['./support/setup.js'],
    retry: 1,
    worldParameters: { env: 'e2e' },
  },
  beforeFeature(uri, feature) { line('HOOK beforeFeature', uri, feature.keyword + ':', feature.name); },
  afterFeature(uri, feature) { line('HOOK afterFeature', uri, feature.name, feature.children.length); },
  beforeScenario(world, context) {
    line('HOOK beforeScenario', world.pickle.name, world.pickle.tags.map((t) => t.name).join('|'),
      typeof context.attach, 'in', world.gherkinDocument.feature.name);
  },
  afterScenario(world, result, context) {
    line('HOOK afterScenario', world.pickle.name, world.result.status, result.passed,
      result.error ? result.error.message : '-', typeof result.duration);
  },
  beforeStep(step, scenario, context) { line('HOOK beforeStep', step.text, '@', scenario.name); },
  afterStep(step, scenario, result, context) {
    line('HOOK afterStep', step.text, result.passed, result.error ? result.error.message : '-');
  },
  // mocha's hooks are not called under cucumber (as in WebdriverIO).
  beforeTest() { line('HOOK beforeTest'); },
  beforeSuite() { line('HOOK beforeSuite'); },
};
