// Each request fails on the network and nothing catches it: the test fails with an error
// whose stack is this file's line that made the request (issue 21 §3), as any failure.
const { createApiClient } = require('sonde');

async function fetchUser(id) {
  const res = await api.get(`/conn-reset?after=0&id=${id}`);
  return res.data;
}

describe('network errors', () => {
  it('refused', async () => {
    await api.get('http://127.0.0.1:1/refused');
  });
  it('reset, from a helper', async () => {
    await fetchUser(7);
  });
  it('timeout', async () => {
    await api.get('/slow-body?chunks=20&interval=100', { timeout: 200 });
  });
  it('refused after retries, from a client of createApiClient', async () => {
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:1', retries: 1, retryDelay: 10 });
    await client.post('/users', { name: 'x' });
  });
});
