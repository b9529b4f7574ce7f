// mocha-args: --ui tdd
suite('s', () => {
  teardown(() => { throw new Error('teardown failed'); });
  test('t1', () => {});
  test('t2', () => {});
});
