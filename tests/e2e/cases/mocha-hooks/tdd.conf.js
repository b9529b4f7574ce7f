exports.config = {
  runner: 'api',
  specs: ['./tdd/*.test.js'],
  baseUrl: process.env.API_BASE_URL,
  mochaOpts: { ui: 'tdd', timeout: 2000 },
};
