// An API that echoes the request puts the caller's credentials into its response; sonde
// must not let them reach any output (issue 13 item 4).
describe('an echoing API', () => {
  it('prints the echo of the configured Authorization header', async () => {
    const res = await api.post('/echo', { note: 'hello' });
    console.log('echoed:', JSON.stringify(res.data.headers));
  });

  it('prints the echo of a header an interceptor set', async () => {
    const remove = api.addRequestInterceptor((config) => {
      config.headers.set('X-Internal', 'interceptor-secret-98765');
      config.headers.set('X-Api-Key', 'per-request-key-24680');
    });
    try {
      const res = await api.get('/echo');
      console.log('echoed:', res.data.headers['x-internal'], res.data.headers['x-api-key']);
    } finally {
      remove();
    }
  });

  it('shows the echo cut at 1000 bytes in the middle of the token in the verbose log', async () => {
    // Where the token sits in the echo, then a query long enough to put byte 1000 (where
    // the verbose log cuts bodies) in its middle.
    const probe = await api.get('/echo', { params: { pad: '' } });
    const at = (await probe.text()).indexOf('config-token');
    const pad = 'x'.repeat(1000 - at - 10);
    const res = await api.get('/echo', { params: { pad } });
    const text = await res.text();
    const cut = text.indexOf('config-token') + 10;
    if (cut !== 1000) throw new Error(`the token is at ${cut - 10}, not across byte 1000`);
  });

  it('prints the API key and token of the environment', () => {
    console.log('env:', process.env.API_KEY, process.env.API_TOKEN);
  });

  it('fails with the echoed token in the assertion message', async () => {
    const res = await api.get('/echo', { headers: { Cookie: 'session=cookie-session-13579' } });
    expect(`${res.data.headers.authorization} ${res.data.headers.cookie}`).toBe('nothing');
  });
});
