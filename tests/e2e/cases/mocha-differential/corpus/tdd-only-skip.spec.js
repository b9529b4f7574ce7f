// mocha-args: --ui tdd
suite('s', () => {
  test.skip('skipped', () => {});
  test.only('only', () => {});
  test('other', () => {});
});
suite.skip('skipped suite', () => { test('x', () => {}); });
