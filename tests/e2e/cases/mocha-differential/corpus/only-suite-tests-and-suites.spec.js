describe('p', () => {
  it.only('t', () => {});
  describe('child', () => { it('c', () => {}); });
});
describe('q', () => { describe.only('r', () => { it('r1', () => {}); }); });
