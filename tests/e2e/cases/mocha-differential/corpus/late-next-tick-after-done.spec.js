it('a', (d) => { d(); process.nextTick(() => { throw new Error('late'); }); });
it('b', (d) => setTimeout(d, 30));
