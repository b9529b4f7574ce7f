require('../lib/file-suite.js')(3, __filename);

// An unhandled rejection fails a test of this file only.
describe('file 3 strays', () => {
  it('has an unhandled rejection', async () => {
    Promise.reject(new Error('stray rejection of file 3'));
    await api.get('/delay/200');
  });
});
