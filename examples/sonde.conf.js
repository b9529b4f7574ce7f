// Example sonde configuration, in WebdriverIO's format. Run it with
//   sonde run examples/sonde.conf.js
// or `make demo`, which starts the project's demo API on a free port and passes its
// address in API_BASE_URL.
exports.config = {
  // The API runner: spec files get a global `api` HTTP client instead of a browser.
  runner: 'api',

  // Globs are resolved relative to this file.
  specs: ['./specs/**/*.spec.js'],

  // Up to two spec files run at the same time, each in its own worker.
  maxInstances: 2,

  // Relative request paths such as '/users' are resolved against this address.
  baseUrl: process.env.API_BASE_URL || 'http://127.0.0.1:8080',

  framework: 'mocha',
  mochaOpts: {
    ui: 'bdd',
    timeout: 10000, // per test, in ms
  },

  reporters: ['spec'],

  // Options of the `api` client.
  apiRunner: {
    timeout: 30000, // per request, in ms
    headers: { 'X-Client': 'sonde-demo' }, // sent with every request
    // The API's OpenAPI document: toSatisfyApiSpec() checks responses against it, and the
    // run ends with a table of the operations and responses the suite exercised.
    openapi: './openapi/users.yaml',
  },
};
