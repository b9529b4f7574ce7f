describe('s', () => { it('a', () => {}); });
before(42);
