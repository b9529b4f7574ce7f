// One subscription of $EVENTS events in a fresh worker (case.sh compares 100, 10 000 and
// 100 000), over a WebSocket path whose server pings every second rather than every 50 ms.
const base = `127.0.0.1:${process.env.GQL_PORT}`;
exports.config = {
  runner: 'api',
  specs: ['./memory.spec.js'],
  mochaOpts: { timeout: 60000 },
  graphqlRunner: { endpoint: `http://${base}/graphql`, webSocket: { url: `ws://${base}/graphql-long` }, sse: { url: `http://${base}/graphql/stream` } },
};
