const { eq } = require(`${process.env.E2E_SHARED}/http-check.js`);

describe('the next spec file in the same worker', () => {
  it('still has the jar', async () => {
    eq((await api.get('/echo')).data.headers.cookie, 'kept=1', 'Cookie');
  });
});
