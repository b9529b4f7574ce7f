describe.skip('skipped suite', () => {
  before(() => { throw new Error('never'); });
  it('a', () => {});
  describe('child', () => { it('b', () => {}); });
});
xdescribe('x suite', () => { it('c', () => {}); });
describe('runs', () => { it('d', () => {}); });
