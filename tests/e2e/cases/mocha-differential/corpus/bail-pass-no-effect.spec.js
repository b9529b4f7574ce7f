// mocha-args: --bail
describe('s', () => { it('a', () => {}); it('b', () => {}); });
