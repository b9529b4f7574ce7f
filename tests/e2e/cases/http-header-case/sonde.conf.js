exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  apiRunner: { verbose: true, har: true, headers: { 'X-Suite': 'headers' } },
};
