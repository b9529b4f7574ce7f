describe('a', () => { describe('b', () => {
  it('c', function () { const p = this.test.titlePath(); if (p.join('/') !== 'a/b/c') throw new Error(p.join('/')); });
}); });
