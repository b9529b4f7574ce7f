exports.config = {
  runner: 'api',
  specs: ['./specs/**/*.spec.js'],
  exclude: ['./specs/extra/excluded.spec.js'],
  baseUrl: 'http://127.0.0.1:9',
  mochaOpts: { timeout: 5000 },
};
