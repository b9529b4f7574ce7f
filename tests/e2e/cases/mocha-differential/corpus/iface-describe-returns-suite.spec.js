const s = describe('s', () => { it('a', () => {}); });
it('returned a Suite', () => {
  if (!s || typeof s.timeout !== 'function' || typeof s.bail !== 'function' || typeof s.retries !== 'function') throw new Error('describe() returned ' + s);
  if (s.title !== 's') throw new Error('title ' + s.title);
});
