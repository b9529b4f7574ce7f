describe('s', () => { it('a', () => {}); return undefined; });
