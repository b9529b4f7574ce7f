describe('s', () => {
  before(function () { this.skip(); });
  it('t1', () => {});
  it('t2', () => {});
  describe('child', () => { it('c1', () => {}); });
});
describe('next', () => { it('runs', () => {}); });
