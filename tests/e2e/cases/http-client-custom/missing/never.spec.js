describe('never', () => { it('runs', () => {}); });
