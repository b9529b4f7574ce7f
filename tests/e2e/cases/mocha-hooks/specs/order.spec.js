const log = [];
const cur = []; // this.currentTest / this.test as hooks and tests see them
function check(cond, msg) { if (!cond) throw new Error(msg); }
before(function () { log.push('rb'); });
after(function () {
  log.push('ra');
  console.log('ORDER ' + log.join(','));
  console.log(`CURRENT ${cur.join(',')} after:${typeof this.currentTest}`);
});
beforeEach(function () { log.push('rbe'); cur.push('be:' + this.currentTest.title); });
afterEach(function () { log.push('rae'); cur.push('ae:' + this.currentTest.title); });
describe('outer', function () {
  before(function () { log.push('ob'); this.shared = 42; });
  after(function () { log.push('oa'); });
  beforeEach(function () { log.push('obe'); });
  afterEach(function () { log.push('oae'); });
  describe('inner', function () {
    before(function () { log.push('ib'); });
    after(function () { log.push('ia'); });
    beforeEach(function () { log.push('ibe'); });
    afterEach(function () { log.push('iae'); });
    it('i1', function () { log.push('i1'); check(this.shared === 42, 'nested this.shared is ' + this.shared); });
  });
  it('o1', function () {
    log.push('o1');
    check(this.shared === 42, 'this.shared is ' + this.shared);
    const t = this.test;
    cur.push(`t:${t.title}:${t === this.currentTest}:${t.fullTitle()}:${t.file.endsWith('order.spec.js')}`);
  });
  it('o2', function () { log.push('o2'); this.shared2 = 1; });
});
it('root test', function () { log.push('rt'); });
