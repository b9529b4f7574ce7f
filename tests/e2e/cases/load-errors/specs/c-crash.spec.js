describe('crash', () => {
  it('takes the worker down', () => { process.abort(); });
});
