exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  reporters: ['spec', ['nope', { outputDir: 'x' }]],
};
