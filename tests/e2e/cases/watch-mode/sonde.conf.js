// Watch mode: a.spec.js requires helpers/users.js, b.spec.js imports it, c.spec.js neither.
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 2,
  reporters: ['spec'],
};
