it.skip('skipped', () => { throw new Error('no'); });
xit('x-skipped', () => {});
it('pending without fn');
it('runs', () => {});
