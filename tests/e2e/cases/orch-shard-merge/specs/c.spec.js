describe('hooks', () => {
  describe('broken setup', () => {
    before(() => { throw new Error('setup broke'); });
    it('never runs', () => {});
  });
  it('runs in the outer suite', () => {});
});
