exports.config = {
  runner: 'api',
  specs: ['./specs/ok.spec.js'],
  baseUrl: process.env.API_BASE_URL,
  beforeTest: 42,
};
