exports.config = {
  runner: 'api',
  framework: 'cucumber',
  specs: ['./features/*.feature'],
  reporters: ['spec'],
  cucumberOpts: {
    require: ['./steps/*.js'],
    parallel: 3,
    timeout: 3000,
    format: ['message:out/messages.ndjson'],
  },
};
