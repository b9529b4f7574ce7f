let ae = 0;
describe('s', () => {
  afterEach(() => { ae++; });
  it('times out', function (done) { this.timeout(20); });
  it('checks afterEach', () => { if (ae !== 1) throw new Error('ae=' + ae); });
});
