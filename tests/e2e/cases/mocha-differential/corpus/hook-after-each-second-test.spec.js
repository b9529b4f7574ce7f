let n = 0;
describe('s', () => {
  afterEach(() => { if (++n === 2) throw new Error('ae on 2'); });
  it('t1', () => {});
  it('t2', () => {});
  it('t3', () => {});
});
