const names = (specs) => specs.map((s) => s.split('/').pop()).join(',');
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  specFileRetries: 1,
  onWorkerStart(cid, caps, specs) {
    console.log(`H onWorkerStart ${cid} ${names(specs)} at=${Date.now()}`);
  },
  onWorkerEnd(cid, exitCode, specs, retries) {
    console.log(`H onWorkerEnd ${cid} exit=${exitCode} ${names(specs)} retries=${retries} at=${Date.now()}`);
  },
  onComplete(exitCode, config, caps, results) {
    console.log(`H onComplete exit=${exitCode} results=${JSON.stringify(results)}`);
  },
};
