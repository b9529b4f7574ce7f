let n = 0;
it('chained retries', () => { if (++n < 2) throw new Error('n' + n); }).retries(1);
