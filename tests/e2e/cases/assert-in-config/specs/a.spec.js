describe('a', () => { it('b', () => { require('assert').deepStrictEqual({a:1},{a:1}); }); });
