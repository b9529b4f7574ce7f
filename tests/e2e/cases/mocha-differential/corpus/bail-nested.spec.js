// mocha-args: --bail
let afterRan = 0;
describe('outer', () => {
  after(() => { afterRan++; });
  describe('inner', () => {
    after(() => { afterRan++; });
    it('fails', () => { throw new Error('x'); });
    it('skipped', () => {});
  });
  describe('inner2', () => { it('not run', () => {}); });
});
