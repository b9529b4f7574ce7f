describe('syntax', () => {
  it('never loads', () => {});
});
const = 1;
