describe('s', () => {
  afterEach(function () { this.skip(); });
  it('t1', () => {});
  it('t2', () => {});
});
