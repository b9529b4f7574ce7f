describe('s', () => {
  it('knows itself', function () {
    if (this.test.title !== 'knows itself') throw new Error(this.test.title);
    if (this.test.fullTitle() !== 's knows itself') throw new Error(this.test.fullTitle());
  });
});
