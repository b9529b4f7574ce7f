class MyError extends Error { constructor(m) { super(m); this.name = 'MyError'; } }
it('custom error', () => { throw new MyError('mine'); });
