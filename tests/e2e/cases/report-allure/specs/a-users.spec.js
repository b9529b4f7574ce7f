let attempts = 0;

describe('Users API', () => {
  before(async () => {
    await api.post('/reset');
  });

  it('gets a user', async () => {
    const res = await api.get('/users/1', { headers: { Authorization: 'Bearer s3cret' } });
    console.log(`got ${res.data.name}`);
    if (res.status !== 200) throw new Error(`Expected status 200, but received ${res.status}`);
  });

  it('checks a missing user', async () => {
    const res = await api.get('/users/999');
    if (res.status !== 200) throw new Error(`Expected status 200, but received ${res.status}`);
  });

  it('breaks on a missing field', async () => {
    const res = await api.get('/users/1');
    return res.data.missing.deeper;
  });

  it('is flaky', async function () {
    this.retries(1);
    attempts += 1;
    await api.get('/health');
    if (attempts === 1) throw new Error('Expected a second attempt');
  });

  it.skip('is pending', () => {});

  describe('admin', () => {
    it('filters by role', async () => {
      await api.get('/users', { params: { role: 'admin' } });
    });
  });
});
