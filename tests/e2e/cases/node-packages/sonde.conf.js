// Packages from node_modules in a config hook: ajv (CommonJS) validates a fixture.
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  onPrepare() {
    const Ajv = require('ajv');
    const validate = new Ajv().compile({ type: 'array', items: { type: 'integer' } });
    console.log(`P config ajv=${validate([1, 2])},${validate(['x'])}`);
  },
};
