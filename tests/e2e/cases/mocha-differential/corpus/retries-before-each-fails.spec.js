let n = 0;
describe('s', function () {
  this.retries(2);
  beforeEach(() => { if (++n === 1) throw new Error('be first'); });
  it('t', () => {});
});
