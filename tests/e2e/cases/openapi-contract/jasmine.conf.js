// The contract matchers under framework 'jasmine': jasmine's expect hands them to sonde's.
exports.config = {
  runner: 'api',
  framework: 'jasmine',
  specs: ['./jasmine/*.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  apiRunner: { openapi: './openapi/users.yaml' },
};
