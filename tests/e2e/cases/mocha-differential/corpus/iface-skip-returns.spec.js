const a = it.skip('a', () => {});
const b = xit('b', () => {});
const c = describe.skip('c', () => {});
it('returned objects', () => {
  if (!a || !b || !c) throw new Error('undefined returned');
  if (typeof a.timeout !== 'function' || typeof c.timeout !== 'function') throw new Error('no methods');
});
