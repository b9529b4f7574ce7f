let ae = 0;
describe('s', () => {
  beforeEach(() => { throw new Error('be'); });
  afterEach(() => { ae++; });
  it('t1', () => {});
  it('t2', () => {});
  after(() => { if (ae !== 1) throw new Error('afterEach ran ' + ae + ' times'); });
});
