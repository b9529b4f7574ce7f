// mocha-args: --grep nothing-matches
describe('s', () => { before(() => { throw new Error('no'); }); it('a', () => {}); });
