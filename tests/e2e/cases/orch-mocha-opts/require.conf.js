exports.config = {
  runner: 'api',
  specs: ['./specs/setup-*.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  mochaOpts: { require: ['./setup.js'] },
};
