// The corpus under sonde; cucumber-js runs the same files (case.sh).
exports.config = {
  runner: 'api',
  framework: 'cucumber',
  specs: ['./corpus/features/*.feature'],
  maxInstances: 2,
  cucumberOpts: { require: ['./corpus/steps/*.js'], failAmbiguousDefinitions: true },
};
