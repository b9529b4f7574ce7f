let n = 0, ae = 0;
describe('s', () => {
  beforeEach(function () { if (++n === 1) this.skip(); });
  afterEach(() => { ae++; });
  it('t1', () => {});
  it('t2', () => {});
  after(() => { if (ae !== 2) throw new Error('ae=' + ae); });
});
