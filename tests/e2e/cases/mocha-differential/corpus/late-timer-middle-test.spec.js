it('t', () => { setTimeout(() => { throw new Error('x'); }, 10); });
it('u', (done) => { setTimeout(done, 60); });
it('v', () => {});
