// Every network fault rejects with a message naming its real cause (issue 13 item 5), not
// curl's "select/poll returned error".
const { check, eq } = require(`${process.env.E2E_SHARED}/http-check.js`);

async function failure(promise) {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error('the request did not fail');
}

describe('network faults', () => {
  it('a refused connection says so', async () => {
    const err = await failure(api.get('http://127.0.0.1:1/refused'));
    eq(err.code, 'ECONNREFUSED', 'code');
    check(/^GET http:\/\/127\.0\.0\.1:1\/refused failed: .*Connection refused/.test(err.message),
      'message: ' + err.message);
  });

  it('a reset before the response says so', async () => {
    const err = await failure(api.get('/conn-reset?after=0'));
    eq(err.code, 'ECONNRESET', 'code');
    check(/failed: .*Connection reset by peer/.test(err.message), 'message: ' + err.message);
  });

  it('a reset in the middle of the body says so', async () => {
    const err = await failure(api.get('/conn-reset?after=200000'));
    eq(err.code, 'ECONNRESET', 'code');
    check(/failed: Recv failure: Connection reset by peer/.test(err.message), 'message: ' + err.message);
    check(!/select\/poll/.test(err.message), 'message: ' + err.message);
  });

  it('a body cut short by the server says how much was missing', async () => {
    const err = await failure(api.get('/truncated'));
    eq(err.code, 'ECONNRESET', 'code');
    check(/failed: the server closed the connection before the whole body arrived: transfer closed with 81 bytes remaining to read$/.test(err.message),
      'message: ' + err.message);
  });

  it('a connection closed without a response says so', async () => {
    const err = await failure(api.get('/seq/closed?steps=reset', { retries: 0 }));
    eq(err.code, 'ECONNRESET', 'code');
    check(/failed: the server closed the connection without a response: Empty reply from server$/.test(err.message),
      'message: ' + err.message);
  });

  it('a body slower than the timeout names the limit', async () => {
    const err = await failure(api.get('/slow-body?chunks=20&interval=100', { timeout: 300 }));
    eq(err.code, 'ETIMEDOUT', 'code');
    eq(err.message, `Request timeout after 300ms: GET ${process.env.API_BASE_URL}/slow-body?chunks=20&interval=100`,
      'message');
  });
});
