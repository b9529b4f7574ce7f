// mocha-args: --ui tdd
suite('s', () => {
  suiteSetup(() => { throw new Error('suiteSetup failed'); });
  test('t1', () => {});
});
