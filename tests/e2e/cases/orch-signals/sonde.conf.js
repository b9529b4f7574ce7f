// Four spec files of 8 s each, two at a time: a signal arrives while the first two run.
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 2,
  baseUrl: process.env.API_BASE_URL,
  mochaOpts: { timeout: 20000 },
  onComplete(exitCode, config, caps, results) {
    console.log(`H onComplete exit=${exitCode} results=${JSON.stringify(results)}`);
  },
};
