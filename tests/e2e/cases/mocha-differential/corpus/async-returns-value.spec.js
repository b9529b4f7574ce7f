it('returns a number', () => 42);
it('returns null', () => null);
it('returns an object', () => ({ not: 'thenable' }));
