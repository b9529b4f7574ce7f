const log = [];
before(() => log.push('rb'));
beforeEach(() => log.push('rbe'));
afterEach(() => log.push('rae'));
after(() => { if (log.join() !== 'rb,rbe,rt,rae,ob,rbe,obe,o1,oae,rae,ib,rbe,obe,ibe,i1,iae,oae,rae,ia,oa') throw new Error(log.join()); });
it('root test', () => log.push('rt'));
describe('outer', () => {
  before(() => log.push('ob'));
  beforeEach(() => log.push('obe'));
  afterEach(() => log.push('oae'));
  after(() => log.push('oa'));
  describe('inner', () => {
    before(() => log.push('ib'));
    beforeEach(() => log.push('ibe'));
    afterEach(() => log.push('iae'));
    after(() => log.push('ia'));
    it('i1', () => log.push('i1'));
  });
  it('o1', () => log.push('o1'));
});
