describe('process exit', () => {
  it('passes before the exit', () => {});
  it('calls process.exit(0)', () => { process.exit(0); });
});
