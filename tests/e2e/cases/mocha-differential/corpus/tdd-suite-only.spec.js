// mocha-args: --ui tdd
suite.only('chosen', () => { test('a', () => {}); });
suite('other', () => { test('b', () => {}); });
