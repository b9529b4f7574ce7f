describe('out of memory', () => {
  it('allocates past its address-space limit', async () => {
    console.log('OOM PID ' + process.pid);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // the case sets the limit now
    const hold = [];
    for (let i = 0; i < 100000; i++) hold.push(new Array(1 << 20).fill(i));
  });
});
