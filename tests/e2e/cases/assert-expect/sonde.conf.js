// The global expect: Jest's matchers (pass.spec.js passing, fail.spec.js failing once per
// test), expect.extend, asymmetric matchers, .resolves/.rejects and the API matchers.
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  mochaOpts: { timeout: 10000 },
};
