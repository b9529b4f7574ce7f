context('ctx', () => { specify('spec', () => {}); xspecify('xs', () => {}); xcontext('xc', () => { it('n', () => {}); }); });
