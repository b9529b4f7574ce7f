// The corpus under sonde; cucumber-js runs the same files (case.sh).
exports.config = {
  runner: 'api',
  framework: 'cucumber',
  specs: ['./corpus/features/*.feature'],
  maxInstances: 2,
  // strict and failAmbiguousDefinitions: cucumber-js's behaviour (WebdriverIO's defaults are
  // both off).
  cucumberOpts: { require: ['./corpus/steps/*.js'], strict: true, failAmbiguousDefinitions: true },
};
