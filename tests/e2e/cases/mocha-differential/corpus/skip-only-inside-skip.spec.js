describe.skip('skipped', () => { it.only('only inside skip', () => {}); });
describe('other', () => { it('o', () => {}); });
