const log = [];
describe('outer', () => {
  before(() => log.push('ob'));
  describe('inner', () => {
    before(() => log.push('ib'));
    it.only('i', () => {});
  });
  describe('other', () => { before(() => log.push('xb')); it('x', () => {}); });
  after(() => { if (log.join() !== 'ob,ib') throw new Error(log.join()); });
});
