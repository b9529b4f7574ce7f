const fs = require('fs');

describe('a worker process', () => {
  it('says how it was started', async () => {
    const comm = fs.readFileSync('/proc/self/comm', 'utf8').trim();
    console.log(`comm=${comm} argv=${process.argv.slice(1).join(' ')}`);
    const res = await api.get('/echo');
    if (res.status !== 200) throw new Error(`status ${res.status}`);
  });
});
