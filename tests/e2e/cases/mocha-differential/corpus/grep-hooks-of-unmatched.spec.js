// mocha-args: --grep keep
describe('drop', () => { before(() => { throw new Error('never'); }); it('x', () => {}); });
describe('s', () => { it('keep me', () => {}); });
