describe('Broken', () => {
  it('never loads', () => {
    const x = ;
  });
});
