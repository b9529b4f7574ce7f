describe('s', function () {
  afterEach(function () { this.timeout(30); return new Promise(() => {}); });
  it('t1', () => {});
  it('t2', () => {});
});
