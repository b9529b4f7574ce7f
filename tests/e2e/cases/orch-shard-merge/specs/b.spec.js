describe('failures', () => {
  it('passes first', () => {});
  it('fails with a message', () => {
    console.log('about to fail');
    expect(1 + 1).toBe(3);
  });
});
