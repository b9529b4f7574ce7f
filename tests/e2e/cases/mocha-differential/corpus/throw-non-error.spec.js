it('throws string', () => { throw 'a string'; });
it('throws undefined', () => { throw undefined; });
it('throws null', () => { throw null; });
it('throws number', () => { throw 42; });
it('throws object', () => { throw { message: 'plain object' }; });
