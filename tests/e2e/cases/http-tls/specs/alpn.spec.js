// The ALPN probe offers h2 and http/1.1: the client negotiates HTTP/2 over TLS by default.
const { eq } = require(`${process.env.E2E_SHARED}/http-check.js`);
const PROBE = `https://127.0.0.1:${process.env.H2_PORT}`;

describe('HTTP/2', () => {
  it('is used when the server offers it over TLS', async () => {
    const res = await api.get(`${PROBE}/anything`);
    eq([res.status, res.httpVersion, res.data.alpn], [200, '2', 'h2'], 'status, version, ALPN');
  });

  it('gives the standard statusText, which HTTP/2 does not send', async () => {
    const res = await api.get(`${PROBE}/anything`);
    eq([res.httpVersion, res.statusText], ['2', 'OK'], 'version, statusText');
  });

  it('multiplexes later requests over the same connection', async () => {
    const [a, b] = await Promise.all([api.get(`${PROBE}/a`), api.get(`${PROBE}/b`)]);
    eq([a.httpVersion, b.httpVersion], ['2', '2'], 'both over HTTP/2');
  });
});
