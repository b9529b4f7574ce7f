// Nested suites and specs, declared interleaved, for the random order per seed.
const ran = (name) => () => console.log('RAN ' + name);
describe('A', () => {
  it('a1', ran('a1'));
  describe('AA', () => {
    it('aa1', ran('aa1'));
    it('aa2', ran('aa2'));
    describe('AAA', () => {
      it('aaa1', ran('aaa1'));
      it('aaa2', ran('aaa2'));
      it('aaa3', ran('aaa3'));
    });
    it('aa3', ran('aa3'));
  });
  it('a2', ran('a2'));
  xit('ax', ran('ax'));
  it('a3', ran('a3'));
  describe('AB', () => {
    it('ab1', ran('ab1'));
    it('ab2', ran('ab2'));
  });
});
it('top1', ran('top1'));
describe('B', () => {
  it('b1', ran('b1'));
  it('b2', ran('b2'));
  it('b3', ran('b3'));
  it('b4', ran('b4'));
  it('b5', ran('b5'));
});
it('top2', ran('top2'));
describe('C', () => {
  describe('CA', () => { it('ca1', ran('ca1')); });
  describe('CB', () => { it('cb1', ran('cb1')); it('cb2', ran('cb2')); });
  describe('CC', () => { it('cc1', ran('cc1')); });
});
