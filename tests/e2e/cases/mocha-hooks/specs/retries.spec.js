let attempts = 0;
let attempts2 = 0;
describe('retries', function () {
  it('succeeds on the third attempt', function () {
    this.retries(3);
    attempts++;
    console.log('attempt ' + attempts);
    if (attempts < 3) throw new Error('flaky attempt ' + attempts);
  });
  describe('suite retries', function () {
    this.retries(1);
    it('fails twice', function () {
      attempts2++;
      throw new Error('always fails ' + attempts2);
    });
  });
});
