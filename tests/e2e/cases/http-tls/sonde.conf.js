// The test server's HTTPS listener (self-signed certificate) as the base URL. case.sh runs
// it with NODE_TLS_REJECT_UNAUTHORIZED=0; verify.conf.js without.
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  baseUrl: `https://127.0.0.1:${process.env.TLS_PORT}`,
  mochaOpts: { timeout: 30000 },
};
