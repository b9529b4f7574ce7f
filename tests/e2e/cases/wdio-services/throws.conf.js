class Broken {
  constructor(options) {
    if (options.fail) throw new Error('cannot reach the audit server');
  }
}
exports.config = {
  runner: 'api',
  specs: ['./specs/services.spec.js'],
  services: [[Broken, { fail: true }]],
  onPrepare() {
    console.log('onPrepare must not run');
  },
};
