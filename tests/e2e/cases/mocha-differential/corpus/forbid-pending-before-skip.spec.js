// mocha-args: --forbid-pending
describe('s', () => {
  before(function () { this.skip(); });
  it('a', () => {});
});
