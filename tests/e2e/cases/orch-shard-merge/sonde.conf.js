// Every reporter writes under a folder named by RUN_TAG, so one case can compare an
// unsharded run, three shards and their merge.
const tag = process.env.RUN_TAG || 'run';
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 2,
  baseUrl: process.env.API_BASE_URL,
  capabilities: [{ browserName: 'api' }],
  reporters: [
    'spec',
    ['junit', { outputDir: `./${tag}/junit` }],
    ['allure', { outputDir: `./${tag}/allure` }],
    ['json', { outputDir: `./${tag}/json` }],
  ],
};
