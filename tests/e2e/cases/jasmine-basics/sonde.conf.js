// framework: 'jasmine' against the test server; case.sh picks spec files with --spec and
// sets options with --jasmineOpts.* (the CLI's dotted overrides).
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  framework: 'jasmine',
  jasmineOpts: { defaultTimeoutInterval: 3000, helpers: ['helpers/*.js'] },
};
