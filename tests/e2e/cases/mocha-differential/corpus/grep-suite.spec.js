// mocha-args: --grep alpha
describe('alpha', () => { it('x', () => {}); it('y', () => {}); });
describe('beta', () => { it('z', () => {}); });
