describe('s', () => {
  after(() => Promise.reject(new Error('after rejected')));
  it('t1', () => {});
});
