// The shared store across two workers: a pool of 40 values that two spec files, running at
// the same time in two worker processes, drain concurrently; case.sh checks that every value
// was taken exactly once. Also: a take that waits for a value added later, an empty pool's
// timeout, a pool that does not exist, the reserved key "*".
const { setResourcePool, getValue } = require('@wdio/shared-store-service');

exports.config = {
  runner: 'api',
  specs: ['./store-specs/*.spec.js'],
  maxInstances: 2,
  baseUrl: process.env.API_BASE_URL,
  mochaOpts: { timeout: 20000 },
  services: ['shared-store'],
  async onPrepare() {
    await setResourcePool('ids', Array.from({ length: 40 }, (_, i) => i + 1));
  },
  async onComplete() {
    const store = await getValue('*');
    console.log(`C store=${Object.keys(store).sort().map((k) => `${k}:${store[k]}`).join(',')}`);
  },
};
