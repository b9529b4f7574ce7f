let outerAe = 0;
describe('outer', () => {
  afterEach(() => { outerAe++; });
  describe('inner', () => {
    afterEach(() => { throw new Error('inner ae'); });
    it('i1', () => {});
    it('i2', () => {});
  });
  describe('inner2', () => { it('j1', () => { if (outerAe !== 1) throw new Error('outer afterEach ran ' + outerAe); }); });
});
