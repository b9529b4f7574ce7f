exports.config = {
  runner: 'api',
  specs: ['./specs/b-pass.spec.js'],
  baseUrl: process.env.API_BASE_URL,
  reporters: [],
};
