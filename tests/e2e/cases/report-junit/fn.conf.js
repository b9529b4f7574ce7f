// suiteNameFormat as a function of {name, suite}.
exports.config = {
  runner: 'api',
  specs: ['./specs/a-users.spec.js'],
  baseUrl: process.env.API_BASE_URL,
  reporters: [['junit', {
    outputDir: 'fn',
    suiteNameFormat: function named({ name, suite }) { return `${name}:${suite.title}`; },
  }]],
};
