describe('excluded', () => { before(() => { throw new Error('never'); }); it('x', () => {}); });
describe('included', () => { it.only('y', () => {}); });
