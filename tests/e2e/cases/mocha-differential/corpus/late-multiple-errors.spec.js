it('t', () => {
  setTimeout(() => { throw new Error('one'); }, 5);
  setTimeout(() => { throw new Error('two'); }, 10);
});
it('u', (done) => setTimeout(done, 60));
