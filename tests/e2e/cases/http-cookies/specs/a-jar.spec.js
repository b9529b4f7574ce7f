const { eq } = require(`${process.env.E2E_SHARED}/http-check.js`);
const setCookie = (...cookies) => api.get('/respond', { params: { h: cookies.map((c) => `Set-Cookie: ${c}`) } });
const cookieSent = async () => (await api.get('/echo')).data.headers.cookie;

describe('apiRunner.cookies: true', () => {
  it('sends back what Set-Cookie stored', async () => {
    await setCookie('session=abc; Path=/', 'theme=dark; Path=/');
    eq((await cookieSent()).split('; ').sort(), ['session=abc', 'theme=dark'], 'Cookie');
  });

  it('updates and expires cookies', async () => {
    await setCookie('session=def; Path=/', 'theme=; Path=/; Max-Age=0');
    eq(await cookieSent(), 'session=def', 'Cookie');
  });

  it('stores cookies set by a redirect and sends them on the next hop', async () => {
    const res = await api.get('/respond', { params: { status: 302, h: ['Set-Cookie: hop=1; Path=/', 'Location: /echo'] } });
    eq(res.data.headers.cookie.split('; ').sort(), ['hop=1', 'session=def'], 'Cookie after the redirect');
  });

  it('forgets them all with clearCookies()', async () => {
    api.clearCookies();
    eq(await cookieSent(), undefined, 'Cookie');
    await setCookie('kept=1; Path=/');
  });
});
