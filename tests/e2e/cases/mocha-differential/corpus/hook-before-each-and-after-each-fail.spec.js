describe('s', () => {
  beforeEach(() => { throw new Error('be'); });
  afterEach(() => { throw new Error('ae'); });
  it('t1', () => {});
  it('t2', () => {});
});
describe('next', () => { it('runs', () => {}); });
