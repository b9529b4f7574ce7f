describe('crash suite', () => {
  it('passes first', () => {});
  it('kills its worker', () => { process.kill(process.pid, 'SIGKILL'); });
  it('never runs', () => {});
});
