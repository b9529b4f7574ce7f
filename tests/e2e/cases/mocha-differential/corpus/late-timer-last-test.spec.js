it('t', () => { setTimeout(() => { throw new Error('x'); }, 20); });
