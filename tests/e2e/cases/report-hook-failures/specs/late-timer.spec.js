describe('late timer', () => {
  it('forgot to await', () => { setTimeout(() => { throw new Error('thrown after the test'); }, 50); });
});
