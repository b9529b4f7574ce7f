describe('never runs', () => {
  it('x', () => {
    let broken: = 1;
  });
});
