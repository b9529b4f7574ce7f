// mocha-args: --grep foo
describe('s', () => { it('foo one', () => {}); it('bar', () => {}); it('foo two', () => {}); });
