describe('server errors', () => {
  it('retries a 5xx sequence to success', async () => {
    const res = await api.get('/seq/fm5xx?steps=500,502,503,200', { retries: 3 });
    if (res.status !== 200 || res.attempts !== 4) throw new Error(`status ${res.status} after ${res.attempts}`);
  });
  it('honours 429 Retry-After', async () => {
    const res = await api.get('/seq/fm429?steps=429r1,200', { retries: 1 });
    if (res.status !== 200) throw new Error('status ' + res.status);
  });
  it('fails on a 500 it may not retry', async () => {
    const res = await api.get('/seq/fm500?steps=500', { retries: 0 });
    if (res.status !== 200) throw new Error(`expected 200, got ${res.status}`);
  });
});
