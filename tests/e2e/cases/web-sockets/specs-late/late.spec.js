// A socket's message that arrives after its test ended, and whose handler throws: the spec
// file waits for the open socket (drainTimeout) and the error fails the run.
const base = `127.0.0.1:${process.env.GQL_PORT}`;
describe('late socket', () => {
  it('leaves a socket that answers later', () => {
    const ws = new WebSocket(`ws://${base}/echo`);
    ws.onopen = () => ws.send('late');
    ws.onmessage = () => {
      ws.close(1000, 'late done');
      throw new Error('thrown by a socket handler after its test');
    };
  });
});
