describe('s', () => {
  before(async () => { throw new Error('async before failed'); });
  it('t1', () => {});
});
describe('next', () => { it('runs', () => {}); });
