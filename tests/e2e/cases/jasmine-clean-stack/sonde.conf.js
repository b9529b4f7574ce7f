exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  framework: 'jasmine',
  outputDir: './out',
  reporters: ['spec', 'json'],
  jasmineOpts: {},
};
