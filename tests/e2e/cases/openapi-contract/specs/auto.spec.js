// apiRunner.openapi.validate (OPENAPI_VALIDATE in the config): every response is checked
// without a matcher. With 'all' a violation rejects the call, so the test fails where it
// awaited it; with 'warn' it is printed and the test goes on.
const all = process.env.OPENAPI_VALIDATE === 'all';

describe('automatic mode', () => {
  it('a conforming response resolves', async () => {
    const res = await api.get('/users/1');
    if (res.status !== 200) throw new Error(`status ${res.status}`);
  });

  it('a violation fails the test', async () => {
    await api.get('/health');
  });

  it('the rejection is an AssertionError naming the problem', async () => {
    let error = null;
    try {
      await api.get('/text');
    } catch (e) {
      error = e;
    }
    if (all && !(error && error.name === 'AssertionError' && /content type text\/plain/.test(error.message)))
      throw new Error(`expected the contract's AssertionError, got ${error}`);
    if (!all && error) throw error;
  });
});
