describe('extra', () => {
  it('handler sees each expectation', () => { expect(REQUIRED_LOADED).toBe(true); expect(1).toBe(2); });
  it('default timeout set in the file', (done) => {
    setTimeout(done, 300);
  }, 100);
  jasmine.DEFAULT_TIMEOUT_INTERVAL = 50;
  it('uses the new default', async () => { await new Promise((r) => setTimeout(r, 200)); });
  describe('hooks', () => {
    beforeAll(() => { throw new Error('beforeAll broke'); });
    it('not run', () => { console.log('NOT RUN'); });
  });
});
