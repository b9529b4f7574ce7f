describe('Excluded', () => { it('must not run', () => { throw new Error('ran'); }); });
