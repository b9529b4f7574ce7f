describe('A', () => { it('runs', () => {}); });
