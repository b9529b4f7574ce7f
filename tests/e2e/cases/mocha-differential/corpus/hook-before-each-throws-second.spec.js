let n = 0;
describe('s', () => {
  beforeEach(() => { if (++n === 2) throw new Error('be failed on 2'); });
  it('t1', () => {});
  it('t2', () => {});
  it('t3', () => {});
  describe('child', () => { it('c1', () => {}); });
});
describe('next', () => { it('runs', () => {}); });
