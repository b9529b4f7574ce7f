const { eq } = require(`${process.env.E2E_SHARED}/http-check.js`);

describe('without apiRunner.cookies', () => {
  it('keeps no cookies', async () => {
    await api.get('/respond', { params: { h: 'Set-Cookie: session=abc; Path=/' } });
    eq((await api.get('/echo')).data.headers.cookie, undefined, 'Cookie');
  });
});
