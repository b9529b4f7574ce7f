// OpenAPI coverage across shards: every response is checked against coverage/api.yaml, and
// each run (named by RUN_TAG) writes its coverage to its outputDir and json folder.
const tag = process.env.RUN_TAG || 'run';
exports.config = {
  runner: 'api',
  specs: ['./coverage/*.spec.js'],
  maxInstances: 2,
  baseUrl: process.env.API_BASE_URL,
  outputDir: `./${tag}`,
  reporters: ['spec', ['junit', { outputDir: `./${tag}/junit` }], ['json', { outputDir: `./${tag}/json` }]],
  apiRunner: { openapi: { spec: './coverage/api.yaml', validate: 'all' } },
};
