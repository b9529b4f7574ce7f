describe('suite\u0000tail', () => {
  it('a\u0000b', () => {
    console.log('x \uD800 y');
    console.log('p\u0000q', 'r\u0000s');
  });
  it('lone \uDC00 low', () => { throw new Error('msg \u0000 and \uD83D end'); });
  it('pair \uD83D\uDE00 ok', () => {});
});
