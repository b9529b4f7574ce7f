describe('s', () => {
  before((done) => { setTimeout(() => { throw new Error('uncaught in before'); }, 1); });
  it('t1', () => {});
});
describe('next', () => { it('runs', () => {}); });
