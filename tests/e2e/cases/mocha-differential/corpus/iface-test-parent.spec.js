describe('parent suite', () => {
  it('t', function () { if (this.test.parent.title !== 'parent suite') throw new Error(this.test.parent.title); });
});
