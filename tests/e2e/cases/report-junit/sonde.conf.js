// Three spec files in parallel: hostile titles and bodies, a worker that dies mid-test and
// a file that does not load. junit writes one file per job, named by outputFileFormat.
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 3,
  baseUrl: process.env.API_BASE_URL,
  capabilities: [{ browserName: 'api', browserVersion: 'stable', platformName: 'linux' }],
  reporters: [
    'spec',
    ['junit', {
      outputDir: './reports/junit',
      outputFileFormat: (opts) => `results-${opts.cid}-${opts.capabilities.browserName}.xml`,
    }],
  ],
};
