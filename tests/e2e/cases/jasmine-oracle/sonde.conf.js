// The corpus under sonde, one file per run (case.sh passes --spec and --jasmineOpts).
exports.config = {
  runner: 'api',
  specs: ['./corpus/*.spec.js'],
  maxInstances: 1,
  framework: 'jasmine',
  outputDir: './out',
  reporters: ['spec', 'json'],
  jasmineOpts: { defaultTimeoutInterval: 2000 },
};
