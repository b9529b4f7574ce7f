// WebdriverIO 8+ spells a capability's own limit 'wdio:maxInstances' (its launcher reads
// capabilities['wdio:maxInstances'] || maxInstancesPerCapability), as it spells
// 'wdio:specs'.
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 10,
  baseUrl: process.env.API_BASE_URL,
  capabilities: [
    { browserName: 'api', platformName: 'one', 'wdio:maxInstances': 1 },
    { browserName: 'api', platformName: 'two', 'wdio:maxInstances': 3 },
  ],
};
