const fs = require('fs');

describe('after the zygote is gone', () => {
  it('runs in an exec\'d worker', async () => {
    console.log(`comm=${fs.readFileSync('/proc/self/comm', 'utf8').trim()}`);
    const res = await api.get('/echo');
    if (res.status !== 200) throw new Error(`status ${res.status}`);
  });
});
