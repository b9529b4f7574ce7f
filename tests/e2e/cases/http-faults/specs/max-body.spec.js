// apiRunner.maxBodySize (default 50 MB) and the per-request option: a bigger body fails the
// request with a message naming the limit, before it is read when Content-Length tells,
// as soon as the limit is passed otherwise; it is not retried.
const { check, eq } = require(`${process.env.E2E_SHARED}/http-check.js`);

const MB = 1024 * 1024;

async function failure(promise) {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error('the request did not fail');
}

describe('maxBodySize', () => {
  it('refuses a body over the 50 MB default by its Content-Length', async () => {
    const err = await failure(api.get('/generate', { params: { size: 60 * MB, type: 'binary' }, retries: 2 }));
    eq([err.code, err.attempts], ['ERR_BODY_TOO_LARGE', 1], 'code, attempts');
    eq(err.message, `GET ${process.env.API_BASE_URL}/generate?size=62914560&type=binary failed: the response ` +
      'body exceeds maxBodySize of 50 MB (52428800 bytes): Content-Length is 62914560', 'message');
  });

  it('refuses a body without Content-Length once the limit is passed', async () => {
    const err = await failure(api.get('/generate', { params: { size: 60 * MB, type: 'text', chunked: 1 } }));
    eq(err.code, 'ERR_BODY_TOO_LARGE', 'code');
    check(/exceeds maxBodySize of 50 MB \(52428800 bytes\): more than that arrived$/.test(err.message),
      'message: ' + err.message);
  });

  it('takes a per-request limit, in bytes', async () => {
    const err = await failure(api.get('/generate', { params: { size: 1000, type: 'text' }, maxBodySize: 999 }));
    check(/exceeds maxBodySize of 999 bytes: Content-Length is 1000$/.test(err.message), 'message: ' + err.message);
    const res = await api.get('/generate', { params: { size: 1000, type: 'text' }, maxBodySize: 1000 });
    eq([res.status, res.data.length], [200, 1000], 'a body of exactly the limit');
    const big = await api.get('/generate', { params: { size: 60 * MB, type: 'binary' }, maxBodySize: 0 });
    eq(big.data.byteLength, 60 * MB, 'maxBodySize 0: no limit');
  });

  it('holds the decoded body to the limit, not the encoded one', async () => {
    const plain = await api.get('/encoded/gzip');
    const decoded = Number(plain.headers.get('x-decoded-length'));
    const encoded = Number(plain.headers.get('content-length'));
    check(encoded > decoded, `stored gzip blocks are larger: ${encoded} > ${decoded}`);
    const res = await api.get('/encoded/gzip', { maxBodySize: decoded });
    eq(res.data.encoding, 'gzip', 'decoded body within the limit');
    const err = await failure(api.get('/encoded/gzip', { maxBodySize: decoded - 1 }));
    check(/exceeds maxBodySize of \d+ bytes: more than that arrived$/.test(err.message), 'message: ' + err.message);
  });

  it('rejects a bad per-request value', async () => {
    let err;
    try { api.get('/users', { maxBodySize: -1 }); } catch (e) { err = e; }
    check(err instanceof TypeError && /options\.maxBodySize must be a non-negative integer/.test(err.message),
      'error: ' + err);
  });
});
