let be = 0, ae = 0, n = 0;
describe('s', () => {
  beforeEach(() => { be++; });
  afterEach(() => { ae++; });
  it('retried', function () { this.retries(2); if (++n < 3) throw new Error('n ' + n); });
  it('counts', () => { if (be !== 4 || ae !== 3) throw new Error(`be=${be} ae=${ae}`); });
});
