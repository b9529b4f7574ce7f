describe('s', () => {
  before(() => { throw new Error('b'); });
  after(() => { throw new Error('a'); });
  it('t1', () => {});
});
