// 80 spec files at once in one worker process, each making two requests one after the
// other (written by case.sh into many/): more transfers at once than the connection
// cache's first size (64), so it must grow, or connections are closed and opened again.
exports.config = {
  runner: 'api',
  specs: ['./many/*.spec.js'],
  maxInstances: 80,
  workers: 1,
  baseUrl: process.env.API_BASE_URL,
  mochaOpts: { timeout: 30000 },
};
