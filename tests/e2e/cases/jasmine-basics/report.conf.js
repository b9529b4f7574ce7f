// The reporters on jasmine specs: pending reasons and the seed in json, junit and allure.
exports.config = {
  runner: 'api',
  specs: ['./specs/flow.spec.js'],
  maxInstances: 1,
  framework: 'jasmine',
  outputDir: './out',
  jasmineOpts: { random: true, seed: '24680' },
  reporters: [
    'spec',
    'json',
    ['junit', { outputDir: './out/junit', outputFileFormat: () => 'results.xml' }],
    ['allure', { outputDir: './out/allure' }],
  ],
};
