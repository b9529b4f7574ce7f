describe('s', () => {
  beforeEach(function () { this.timeout(10); const end = Date.now() + 60; while (Date.now() < end); });
  it('t', () => {});
});
