describe('s', function () {
  this.bail(true);
  it('t1', () => { throw new Error('x'); });
  it('t2', () => {});
});
describe('other', () => { it('runs', () => {}); });
