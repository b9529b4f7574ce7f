it('a', (d) => { d(); process.nextTick(() => { throw new Error('late'); }); });
