describe('s', () => {
  afterEach(function () { if (this.currentTest.title === 'marked') this.test.error(new Error('failed by afterEach')); });
  it('marked', () => {});
  it('unmarked', () => {});
});
