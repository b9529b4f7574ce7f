// Without NODE_TLS_REJECT_UNAUTHORIZED=0 the certificate is verified against the system
// CA store, which does not know the test server's self-signed one.
describe('certificate verification', () => {
  it('rejects a self-signed certificate with CERT_INVALID, after retrying', async () => {
    let err;
    try { await api.get('/echo'); } catch (e) { err = e; }
    if (!(err instanceof Error)) throw new Error('expected a rejection, got ' + err);
    if (err.code !== 'CERT_INVALID' || err.attempts !== 2)
      throw new Error(`code ${err.code}, attempts ${err.attempts}: ${err.message}`);
  });
});
