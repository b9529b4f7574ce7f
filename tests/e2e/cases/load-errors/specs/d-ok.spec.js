describe('survivor', () => { it('still runs after the others failed', () => {}); });
