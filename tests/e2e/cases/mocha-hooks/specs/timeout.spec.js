describe('timeouts', function () {
  it('times out at 50ms', function () {
    this.timeout(50);
    return new Promise((resolve) => setTimeout(resolve, 500));
  });
  it('runs after the timeout', function () {});
  it('async fn under the limit', async function () {
    this.timeout(1000);
    await new Promise((r) => setTimeout(r, 20));
  });
});
