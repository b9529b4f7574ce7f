// A token first learned from a login response, printed before sonde knew it was secret,
// then set on the Authorization header by an interceptor (issue 13 item 4).
let token;

describe('a token learned late', () => {
  it('logs in and prints the response', async () => {
    const res = await api.post('/respond?type=application/json',
      JSON.stringify({ token: 'late-token-8642-zyxw' }), { headers: { 'Content-Type': 'text/plain' } });
    token = res.data.token;
    console.log('login:', JSON.stringify(res.data));
  });

  it('uses the token on a masked header', async () => {
    const remove = api.addRequestInterceptor((config) => {
      config.headers.set('Authorization', `Bearer ${token}`);
    });
    try {
      const res = await api.get('/echo');
      console.log('after:', res.data.headers.authorization);
    } finally {
      remove();
    }
  });
});
