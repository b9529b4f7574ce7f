// a.spec.js takes 2.5 s, long enough for the status line to show on a terminal.
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  reporters: ['spec'],
};
