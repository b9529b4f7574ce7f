// process.exit in a test ends this file only.
process.on('exit', (code) => console.log(`exit listener of x-exit: ${code}`));
describe('exits', () => {
  it('passes before the exit', () => {});
  it('calls process.exit(0)', async () => {
    await api.get('/delay/300');
    process.exit(0);
  });
  it('never runs', () => {
    console.log('x-exit went on after process.exit');
  });
});
