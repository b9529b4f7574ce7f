let n = 0;
beforeEach(() => { n++; });
describe('a', () => { it('one', () => { if (n !== 1) throw new Error('n=' + n); }); });
describe('b', () => { it('two', () => { if (n !== 2) throw new Error('n=' + n); }); });
