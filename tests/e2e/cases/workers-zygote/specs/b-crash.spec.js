describe('a worker that dies', () => {
  it('is killed mid-test', () => {
    process.kill(process.pid, 'SIGKILL');
  });
});
