// Per-capability spec lists: sonde:specs and wdio:specs replace `specs` for their
// capability, sonde:exclude removes files from it (paths relative to this file).
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL + '/echo/envA',
  capabilities: [
    { browserName: 'api', platformName: 'only-a', 'sonde:specs': ['./specs/a.spec.js'] },
    { browserName: 'api', platformName: 'not-a', 'sonde:exclude': ['./specs/a.spec.js'] },
    { browserName: 'api', platformName: 'wdio-b', 'wdio:specs': ['./specs/b.spec.js'] },
  ],
};
