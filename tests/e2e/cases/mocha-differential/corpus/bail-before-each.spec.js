// mocha-args: --bail
describe('s', () => {
  beforeEach(() => { throw new Error('be'); });
  it('t1', () => {});
  it('t2', () => {});
});
describe('next', () => { it('not run', () => {}); });
