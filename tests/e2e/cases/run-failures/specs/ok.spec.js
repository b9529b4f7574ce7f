describe('Other', () => { it('still runs', () => {}); });
