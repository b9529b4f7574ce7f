// A socket's message that arrives after the tests ended, and whose handler throws: the
// spec file waits for the open socket (drainTimeout) and the error fails the run. The
// socket is opened while the file loads, so it lasts until the file ends (one opened by a
// test is closed when the test ends: specs/sockets.spec.js).
const base = `127.0.0.1:${process.env.GQL_PORT}`;
const ws = new WebSocket(`ws://${base}/echo`);
ws.onopen = () => ws.send('late');
ws.onmessage = () => {
  ws.close(1000, 'late done');
  throw new Error('thrown by a socket handler after its test');
};
describe('late socket', () => {
  it('leaves a socket that answers later', () => {});
});
