// mocha-args: --bail
describe('s', () => {
  afterEach(() => { throw new Error('ae'); });
  it('t1', () => {});
  it('t2', () => {});
});
describe('next', () => { it('not run', () => {}); });
