describe('s', () => {
  beforeEach(() => { throw new Error('be failed'); });
  it('t1', () => {});
  it('t2', () => {});
});
describe('next', () => { it('runs', () => {}); });
