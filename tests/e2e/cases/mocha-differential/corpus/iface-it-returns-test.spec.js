const t = it('x', () => {});
it('returned a Test', () => {
  if (!t || typeof t.timeout !== 'function' || typeof t.retries !== 'function' || typeof t.slow !== 'function') throw new Error('it() returned ' + t);
  if (t.title !== 'x') throw new Error('title ' + t.title);
});
