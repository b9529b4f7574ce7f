// mocha-args: --bail
describe('s', () => {
  after(() => {});
  it('t1', () => { throw new Error('first failure'); });
  it('t2', () => {});
});
describe('next', () => { it('not run', () => {}); });
