describe('s', () => {
  afterEach(() => { throw new Error('x'); });
  it('t1', () => {});
  it('t2', () => {});
});
describe('next', () => { it('runs', () => {}); });
