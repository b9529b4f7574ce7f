it('a', (done) => { setTimeout(() => { throw new Error('boom'); }, 1); setTimeout(done, 100); });
it('b', (done) => { setTimeout(done, 400); });
