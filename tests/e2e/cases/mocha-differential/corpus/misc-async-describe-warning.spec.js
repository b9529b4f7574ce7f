describe('s', async () => { it('a', () => {}); });
