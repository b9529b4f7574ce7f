// WebdriverIO's tuple form: runner: ['api', { ...options }]. Its options are apiRunner
// options under apiRunner's own: apiRunner wins a key, headers add up.
exports.config = {
  runner: ['api', { headers: { 'X-From-Tuple': 'tuple', 'X-Both': 'tuple' }, timeout: 4321 }],
  specs: ['./specs/*.spec.js'],
  baseUrl: process.env.API_BASE_URL,
  apiRunner: { headers: { 'X-From-Section': 'section', 'X-Both': 'section' } },
  // WebdriverIO options that mean nothing to an API runner: accepted, a debug line each.
  autoCompileOpts: { autoCompile: true, tsNodeOpts: { project: './tsconfig.json' } },
  waitforTimeout: 10000,
  beforeCommand() {},
};
