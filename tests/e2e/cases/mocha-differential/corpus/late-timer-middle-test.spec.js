// t's timer fires while u runs.
it('t', () => { setTimeout(() => { throw new Error('x'); }, 100); });
it('u', (done) => { setTimeout(done, 400); });
it('v', () => {});
