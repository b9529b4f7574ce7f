exports.config = {
  runner: 'api',
  specs: ['./specs/services.spec.js'],
  services: [['shared-store', 'fast']],
};
