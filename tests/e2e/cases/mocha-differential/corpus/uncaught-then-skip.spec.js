it('skips after uncaught', function (done) {
  setTimeout(() => { throw new Error('uncaught first'); }, 1);
  setTimeout(() => { try { this.skip(); } catch (e) {} }, 20);
});
it('next', () => {});
