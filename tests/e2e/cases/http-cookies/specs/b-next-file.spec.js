const { eq } = require('./check.js');

describe('the next spec file in the same worker', () => {
  it('still has the jar', async () => {
    eq((await api.get('/echo')).data.headers.cookie, 'kept=1', 'Cookie');
  });
});
