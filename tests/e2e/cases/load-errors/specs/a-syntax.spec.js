describe('broken', () => {
  it('never parses', () => {
    const total = ;
  });
});
