// baseUrl ends in '/': request paths with and without a leading '/' must still be joined
// with exactly one slash.
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL + '/',
  apiRunner: { headers: { 'X-Client': 'sonde-e2e', 'X-Team': 'qa' } },
};
