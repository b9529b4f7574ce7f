const seen = [];
describe('p', () => {
  describe('child', () => { it('c', () => seen.push('c')); });
  it('t', () => seen.push('t'));
  after(() => { if (seen.join() !== 't,c') throw new Error('order ' + seen.join()); });
});
