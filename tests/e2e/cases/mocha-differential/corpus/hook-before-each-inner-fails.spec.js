const log = [];
describe('outer', () => {
  afterEach(() => log.push('oae'));
  describe('inner', () => {
    beforeEach(() => { throw new Error('inner be'); });
    afterEach(() => log.push('iae'));
    it('i1', () => {});
    it('i2', () => {});
  });
  describe('inner2', () => { it('j1', () => {}); });
  after(() => { if (log.join() !== 'iae,oae') throw new Error('afterEach after failed beforeEach: ' + log.join()); });
});
