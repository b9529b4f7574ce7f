describe('outer', () => {
  describe('inner', () => { it('inner test', () => {}); });
  it('outer test', () => {});
  after(() => { throw new Error('after'); });
  before(() => {});
});
describe('p', () => {
  describe('q', () => { it('q1', () => {}); });
  before(() => { throw new Error('b'); });
});
