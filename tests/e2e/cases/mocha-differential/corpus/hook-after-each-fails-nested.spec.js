describe('outer', () => {
  afterEach(() => { throw new Error('outer ae'); });
  describe('inner', () => {
    it('i1', () => {});
    it('i2', () => {});
  });
  describe('inner2', () => { it('j1', () => {}); });
  it('o1', () => {});
});
describe('next', () => { it('runs', () => {}); });
