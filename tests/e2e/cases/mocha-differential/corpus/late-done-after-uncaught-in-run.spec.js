it('a', (done) => { setTimeout(() => { throw new Error('boom'); }, 1); setTimeout(done, 20); });
it('b', (done) => { setTimeout(done, 80); });
