let afterRan = false;
describe('s', () => {
  before(() => { throw new Error('before'); });
  after(() => { afterRan = true; });
  it('t', () => {});
});
describe('check', () => { it('after ran', () => { if (!afterRan) throw new Error('after hook of the failed suite did not run'); }); });
