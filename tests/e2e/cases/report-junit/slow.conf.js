// A run interrupted with SIGINT while a test waits: the reports are still whole.
exports.config = {
  runner: 'api',
  specs: ['./slow/*.spec.js'],
  baseUrl: process.env.API_BASE_URL,
  reporters: [['junit', { outputDir: 'slow-out' }], ['json', { outputDir: 'slow-out' }]],
};
