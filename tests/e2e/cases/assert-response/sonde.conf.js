// assertResponse against the test server: pass.spec.js holds every method passing (also
// negated and chained), fail.spec.js one failing call per test, whose messages case.sh checks.
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  mochaOpts: { timeout: 10000 },
};
