// NODE_TLS_REJECT_UNAUTHORIZED=0: the self-signed certificate is accepted.
const { eq, serverLog } = require(`${process.env.E2E_SHARED}/http-check.js`);

describe('NODE_TLS_REJECT_UNAUTHORIZED=0', () => {
  it('accepts the self-signed certificate', async () => {
    const res = await api.post('/echo/tls', { over: 'tls' });
    eq([res.status, res.data.path, res.data.json], [200, '/echo/tls', { over: 'tls' }], 'echo over TLS');
    eq((await api.get('/users/1')).data.id, 1, 'a second request');
  });

  it('really went over the TLS listener', async () => {
    const log = await serverLog('/echo/tls');
    eq(log.map((e) => e.listener), ['https'], 'listener');
  });
});
