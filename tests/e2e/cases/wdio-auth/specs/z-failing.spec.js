// A failed test whose exchanges (the token request's form body among them) are printed.
const { oauth2ClientCredentials } = require('sonde');

it('fails after an authenticated request', async () => {
  api.addRequestInterceptor(oauth2ClientCredentials({ tokenUrl: `${process.env.API_BASE_URL}/oauth/token`,
    clientId: 'sonde-client', clientSecret: 'sonde-client-secret-42' }).interceptor);
  const res = await api.get('/echo/failing');
  throw new Error(`failed on purpose with ${res.data.headers.authorization}`);
});
