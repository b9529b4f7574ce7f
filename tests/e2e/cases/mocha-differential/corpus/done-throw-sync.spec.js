it('throws with done param', (done) => { throw new Error('sync throw'); });
it('next', () => {});
