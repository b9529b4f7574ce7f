// The differential suite's config: one spec file per run (--spec), the json reporter for the
// comparison. Options of a corpus file come as --mochaOpts.* overrides.
exports.config = {
  runner: 'api',
  specs: [],
  maxInstances: 1,
  framework: 'mocha',
  mochaOpts: { ui: 'bdd', timeout: 2000 },
  reporters: [['json', { outputDir: process.env.SONDE_DIFF_OUT }]],
};
