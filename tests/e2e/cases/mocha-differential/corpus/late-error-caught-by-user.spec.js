it('t', () => { setTimeout(() => { try { throw new Error('x'); } catch (e) { } }, 5); });
it('u', (done) => setTimeout(done, 30));
