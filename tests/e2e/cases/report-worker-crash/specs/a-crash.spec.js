describe('crash suite', () => {
  it('passes first', () => {});
  // Killed after some work, as a test the kernel or a CI runner kills usually is (one that
  // dies in its first milliseconds may be reported on its spec file instead).
  it('kills its worker', async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    process.kill(process.pid, 'SIGKILL');
  });
  it('never runs', () => {});
});
