exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 2,
  baseUrl: process.env.API_BASE_URL,
  suites: {
    smoke: ['./specs/a.spec.js', './specs/c.spec.js'],
    tail: ['./specs/e.spec.js'],
  },
};
