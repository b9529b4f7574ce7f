describe('mixed', () => {
  it('pass', () => {});
  it('fail', () => { throw new Error('f'); });
  it.skip('pending', () => {});
  it('async pass', async () => {});
});
