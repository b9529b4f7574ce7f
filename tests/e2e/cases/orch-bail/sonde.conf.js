// Four spec files run one at a time in name order: 1-fail, 2-pass, 3-fail, 4-pass.
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  bail: 1,
  onComplete(exitCode, config, caps, results) {
    console.log(`H onComplete exit=${exitCode} results=${JSON.stringify(results)}`);
  },
};
