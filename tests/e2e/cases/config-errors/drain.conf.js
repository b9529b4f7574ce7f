exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  drainTimeout: -5,
};
