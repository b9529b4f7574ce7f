exports.config = {
  runner: 'api',
  specs: ['./specs/b-pass.spec.js'],
  reporters: ['spec', 'html'],
};
