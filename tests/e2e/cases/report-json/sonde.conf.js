// json and dot side by side; json writes to the config's outputDir.
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 2,
  baseUrl: process.env.API_BASE_URL,
  outputDir: './out',
  capabilities: [{ browserName: 'api', browserVersion: 'stable', platformName: 'linux' }],
  reporters: ['json', ['dot', {}]],
};
