exports.config = {
  runner: 'api',
  specs: ['./specs/only.spec.js', './specs/pending.spec.js', './specs/grep.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  mochaOpts: { forbidOnly: true, forbidPending: true },
};
