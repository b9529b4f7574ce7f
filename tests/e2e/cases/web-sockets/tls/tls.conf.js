// wss: and https: streams against the reference server's self-signed TLS listener.
exports.config = {
  runner: 'api',
  specs: ['./tls.spec.js'],
  graphqlRunner: { webSocket: { url: `wss://127.0.0.1:${process.env.GQL_TLS_PORT}/graphql`, reconnect: false } },
};
