// The GraphQL client (issue 15) against the reference server of tests/e2e/support.
const base = `127.0.0.1:${process.env.GQL_PORT}`;
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  mochaOpts: { timeout: 15000 },
  graphqlRunner: {
    endpoint: `http://${base}/graphql`,
    headers: { 'x-app': 'sonde' },
    timeout: 5000,
    webSocket: { url: `ws://${base}/graphql`, connectionParams: { authToken: 'secret' }, reconnectInterval: 50 },
    sse: { url: `http://${base}/graphql/stream` },
  },
};
