// mocha-args: --timeout 1234
it('reads timeout', function () { if (this.timeout() !== 1234) throw new Error('timeout ' + this.timeout()); });
describe('s', function () {
  this.timeout(77);
  it('reads suite timeout', function () { if (this.timeout() !== 77) throw new Error('timeout ' + this.timeout()); });
});
