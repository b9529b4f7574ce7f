describe('s', () => {
  before(() => { throw new Error('before failed'); });
  after(() => {});
  it('t1', () => {});
  it('t2', () => {});
  describe('child', () => { it('c1', () => {}); });
});
describe('next', () => { it('runs', () => {}); });
