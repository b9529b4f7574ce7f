// mocha-args: --grep "outer inner"
describe('outer', () => { describe('inner', () => { it('t', () => {}); }); it('inner-ish', () => {}); });
