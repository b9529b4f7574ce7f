exports.config = {
  runner: 'api',
  specs: ['./specs/a-users.spec.js'],
  reporters: [['junit', {
    suiteNameFormat: '[unclosed',
  }]],
};
