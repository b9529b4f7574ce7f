exports.config = {
  runner: 'api',
  specs: ['./off/*.spec.js'],
  baseUrl: process.env.API_BASE_URL,
};
