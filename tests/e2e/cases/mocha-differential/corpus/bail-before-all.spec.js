// mocha-args: --bail
describe('s', () => {
  before(() => { throw new Error('before'); });
  it('t1', () => {});
});
describe('next', () => { it('not run', () => {}); });
