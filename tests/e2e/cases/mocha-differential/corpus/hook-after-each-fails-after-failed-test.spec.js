describe('s', () => {
  afterEach(() => { throw new Error('ae'); });
  it('t1', () => { throw new Error('test failed'); });
  it('t2', () => {});
});
