describe('worker kill', () => {
  it('passes before the kill', () => {});
  it('is killed', () => { process.kill(process.pid, 'SIGKILL'); });
});
