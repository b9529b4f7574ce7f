let n = 0;
describe('s', function () {
  this.retries(1);
  it('fails once', () => { if (++n < 2) throw new Error('once'); });
  it('fails twice', () => { throw new Error('twice'); });
});
