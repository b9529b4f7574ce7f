const fs = require('fs');

describe('a worker whose zygote is killed', () => {
  it('kills the zygote and still finishes', async () => {
    const comm = fs.readFileSync('/proc/self/comm', 'utf8').trim();
    if (comm !== 'sonde worker') throw new Error(`not a forked worker: ${comm}`);
    process.kill(process.ppid, 'SIGKILL');
    const res = await api.get('/echo');
    if (res.status !== 200) throw new Error(`status ${res.status}`);
  });
});
