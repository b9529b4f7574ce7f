describe('s', () => {
  after(() => { throw new Error('after failed'); });
  it('t1', () => {});
  it('t2', () => {});
});
describe('next', () => { it('runs', () => {}); });
