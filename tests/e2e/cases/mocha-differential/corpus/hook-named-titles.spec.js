describe('s', () => {
  before('setup db', () => { throw new Error('named'); });
  it('t1', () => {});
});
describe('s2', () => {
  beforeEach(function namedFn() { throw new Error('fn name'); });
  it('t2', () => {});
});
