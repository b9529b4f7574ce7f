// A nested array in specs is one job: a and b run together in one worker.
exports.config = {
  runner: 'api',
  specs: [['./specs/a.spec.js', './specs/b.spec.js'], './specs/c.spec.js'],
  maxInstances: 2,
  baseUrl: process.env.API_BASE_URL,
};
