// A second spec file in the same worker: a fresh realm, so fresh clients.
const { createApiClient } = require('sonde');
const { eq } = require(`${process.env.E2E_SHARED}/http-check.js`);

describe('a new spec file', () => {
  it('gets createApiClient from sonde too, and clients start clean', async () => {
    const client = createApiClient({ baseUrl: process.env.API_BASE_URL });
    eq(client.getHeaders(), { 'Content-Type': 'application/json', Accept: 'application/json' },
      'default headers');
    const res = await client.get('/echo/b');
    eq([res.status, res.data.headers['x-run']], [200, undefined], 'response');
  });
});
