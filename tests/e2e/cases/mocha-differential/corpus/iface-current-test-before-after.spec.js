const seen = [];
describe('s', () => {
  before(function () { seen.push('before:' + (this.currentTest && this.currentTest.title)); });
  after(function () { seen.push('after:' + (this.currentTest && this.currentTest.title)); });
  it('first', () => {});
  it('last', () => {});
});
describe('check', () => {
  it('saw currentTest', () => { if (seen.join() !== 'before:first,after:last') throw new Error(seen.join()); });
});
