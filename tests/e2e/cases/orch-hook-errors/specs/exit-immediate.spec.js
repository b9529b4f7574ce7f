process.on('exit', () => {
  setImmediate(() => {
    throw new Error('boom after the exit listeners');
  });
});
describe('exit', () => {
  it('passes', () => {});
});
