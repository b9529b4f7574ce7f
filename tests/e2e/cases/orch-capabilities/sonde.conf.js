// Two capabilities, each runs every spec file. The second one has its own custom:baseUrl,
// so its requests go to another "environment" (a different /echo prefix on the test server).
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL + '/echo/envA',
  capabilities: [
    { browserName: 'api', browserVersion: '1.0', platformName: 'linux' },
    {
      browserName: 'api',
      browserVersion: '2.0',
      platformName: 'darwin',
      'custom:baseUrl': process.env.API_BASE_URL + '/echo/envB',
    },
  ],
  // Hooks receive the job's cid and its own capability.
  onWorkerStart(cid, caps, specs) {
    console.log(`H onWorkerStart ${cid} ${caps.platformName} ${specs.map((s) => s.split('/').pop())}`);
  },
  beforeSession(config, caps, specs, cid) {
    console.log(`H beforeSession ${cid} ${caps.platformName} ${caps.browserVersion}`);
  },
  before(caps) {
    console.log(`H before ${caps.platformName} ${caps['custom:baseUrl'] ? 'own baseUrl' : 'config baseUrl'}`);
  },
  onWorkerEnd(cid, exitCode, specs) {
    console.log(`H onWorkerEnd ${cid} exit=${exitCode} ${specs.map((s) => s.split('/').pop())}`);
  },
};
