// Two errors while u runs: the first fails u, the second finds u failed already.
it('t', () => {
  setTimeout(() => { throw new Error('one'); }, 100);
  setTimeout(() => { throw new Error('two'); }, 150);
});
it('u', (done) => setTimeout(done, 400));
