// Focus (fit, fdescribe; an fdescribe holding a fit runs only that) and xdescribe, in
// random order too; a fit inside an xdescribe runs.
const ran = (name) => () => console.log('RAN ' + name);
describe('A', () => {
  it('a1', ran('a1'));
  fit('a2', ran('a2'));
  it('a3', ran('a3'));
});
fdescribe('B', () => {
  it('b1', ran('b1'));
  it('b2', ran('b2'));
  describe('BB', () => { it('bb1', ran('bb1')); it('bb2', ran('bb2')); });
});
fdescribe('C', () => {
  it('c1', ran('c1'));
  fit('c2', ran('c2'));
  fit('c3', ran('c3'));
});
xdescribe('D', () => { it('d0', ran('d0')); fit('d1', ran('d1')); });
describe('E', () => { it('e1', ran('e1')); fdescribe('EF', () => { it('ef1', ran('ef1')); it('ef2', ran('ef2')); }); });
