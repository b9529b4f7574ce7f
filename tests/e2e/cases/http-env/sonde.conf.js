// case.sh runs this with RUNNER_API_OPTIONS (or WDIO_API_OPTIONS) overriding baseUrl and
// apiRunner options; the config's own values are what the overrides must beat.
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  baseUrl: 'http://127.0.0.1:9/not-this-one',
  mochaOpts: { timeout: 30000 },
  apiRunner: { timeout: 30000, headers: { 'X-Config': 'config', 'X-Both': 'config' } },
};
