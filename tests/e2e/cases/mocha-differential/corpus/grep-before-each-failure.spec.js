// mocha-args: --grep two
describe('s', () => {
  beforeEach(() => { throw new Error('be'); });
  it('one', () => {});
  it('two', () => {});
});
