// mocha-args: --bail
describe('s', () => {
  after(() => { throw new Error('after'); });
  it('t1', () => {});
});
describe('next', () => { it('not run', () => {}); });
