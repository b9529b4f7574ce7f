describe('async errors', function () {
  it('throws inside setTimeout', function (done) {
    setTimeout(function () { throw new Error('thrown in timer'); }, 5);
  });
  it('passes after the timer throw', function () {});
  it('unhandled rejection', async function () {
    Promise.reject(new Error('nobody caught me'));
    await new Promise((r) => setTimeout(r, 50));
  });
  it('passes after the rejection', function () {});
});
