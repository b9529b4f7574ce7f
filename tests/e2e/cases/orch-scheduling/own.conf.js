// A capability's own maxInstances limits that capability only: 1 + 3 at most.
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 10,
  baseUrl: process.env.API_BASE_URL,
  capabilities: [
    { browserName: 'api', platformName: 'one', maxInstances: 1 },
    { browserName: 'api', platformName: 'two', maxInstances: 3 },
  ],
};
