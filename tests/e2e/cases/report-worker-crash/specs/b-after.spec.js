describe('next file', () => {
  it('still runs', () => {});
});
