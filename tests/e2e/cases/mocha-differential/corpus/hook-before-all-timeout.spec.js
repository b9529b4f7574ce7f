describe('s', function () {
  before(function (done) { this.timeout(30); });
  it('t1', () => {});
});
describe('next', () => { it('runs', () => {}); });
