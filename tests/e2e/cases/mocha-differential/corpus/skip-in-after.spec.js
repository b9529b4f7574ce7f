describe('s', () => {
  after(function () { this.skip(); });
  it('t1', () => {});
});
describe('next', () => { it('runs', () => {}); });
