// The GraphQL client in an example: queries and a mutation over HTTP, and a subscription
// over GraphQL-over-SSE, against the demo GraphQL endpoint of the project's test server
// (`make demo` starts it and passes its address in API_BASE_URL).
const base = process.env.API_BASE_URL || 'http://127.0.0.1:8080';

exports.config = {
  runner: 'api',
  specs: ['./graphql/*.spec.js'],
  framework: 'mocha',
  mochaOpts: { timeout: 10000 },
  reporters: ['spec'],

  // The `graphql` global of every spec file.
  graphqlRunner: {
    endpoint: `${base}/graphql`,
    headers: { 'X-Client': 'sonde-demo' },
    timeout: 10000,
    // Subscriptions: this server speaks GraphQL over SSE (a WebSocket server would go in
    // webSocket: { url: 'ws://...', connectionParams: { authToken: '...' } }).
    sse: { url: `${base}/graphql/stream` },
  },
};
