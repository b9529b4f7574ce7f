exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  framework: 'jasmine',
  jasmineOpts: {
    defaultTimeoutInterval: 'soon',
  },
};
