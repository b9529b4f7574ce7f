// mocha-args: --ui tdd
suite('s', () => {
  test('async fails', async () => { throw new Error('tdd async'); });
  test('done passes', (done) => setTimeout(done, 1));
});
