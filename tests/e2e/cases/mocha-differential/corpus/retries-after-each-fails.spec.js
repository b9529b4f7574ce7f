let n = 0;
describe('s', () => {
  afterEach(() => { throw new Error('ae'); });
  it('retried', function () { this.retries(1); if (++n < 2) throw new Error('first'); });
});
