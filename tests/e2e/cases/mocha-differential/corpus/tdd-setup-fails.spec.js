// mocha-args: --ui tdd
suite('s', () => {
  setup(() => { throw new Error('setup failed'); });
  test('t1', () => {});
  test('t2', () => {});
});
suite('next', () => { test('runs', () => {}); });
