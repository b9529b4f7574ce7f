describe('outer', () => {
  beforeEach(() => { throw new Error('outer be'); });
  afterEach(() => {});
  describe('inner', () => {
    beforeEach(() => { throw new Error('inner be never runs'); });
    it('i1', () => {});
    it('i2', () => {});
  });
  describe('inner2', () => { it('j1', () => {}); });
});
describe('next', () => { it('runs', () => {}); });
