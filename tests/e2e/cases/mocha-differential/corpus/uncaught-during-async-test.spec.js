it('waits', (done) => { setTimeout(() => { throw new Error('thrown in timer'); }, 1); setTimeout(done, 50); });
it('next', () => {});
