let counter = 0;
describe('s', () => {
  it('one', () => { counter++; });
  it('two', () => { if (counter !== 1) throw new Error('counter ' + counter); });
});
