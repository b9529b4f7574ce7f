describe('s', () => {
  before(function () { this.skip(); });
  it('t1', () => {});
  describe('child', () => { it('c1', () => {}); before(() => { throw new Error('child before never runs'); }); });
  after(() => {});
});
describe('next', () => { it('runs', () => {}); });
