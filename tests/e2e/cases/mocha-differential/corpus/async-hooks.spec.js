let v = 0;
describe('s', () => {
  before(async () => { await new Promise((r) => setTimeout(r, 2)); v = 1; });
  beforeEach(() => new Promise((r) => setTimeout(() => { v++; r(); }, 1)));
  it('sees hooks', () => { if (v !== 2) throw new Error('v=' + v); });
});
