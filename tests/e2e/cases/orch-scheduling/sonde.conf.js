// Two capabilities x 3 spec files = 6 jobs, each holding one request on the server for
// 500 ms. case.sh varies maxInstances / maxInstancesPerCapability on the command line.
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 10,
  baseUrl: process.env.API_BASE_URL,
  capabilities: [
    { browserName: 'api', platformName: 'one' },
    { browserName: 'api', platformName: 'two' },
  ],
};
