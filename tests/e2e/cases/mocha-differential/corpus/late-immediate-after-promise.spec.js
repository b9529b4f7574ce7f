// The same after a test whose promise resolved from inside an immediate.
it('e', async () => {
  await new Promise((resolve) => setImmediate(resolve));
  setImmediate(() => { throw new Error('from e'); });
});
it('f', () => {});
