// mocha-args: --ui tdd
suite('s', () => {
  test('slow', (done) => setTimeout(done, 100)).timeout(20);
});
