describe('s', () => {
  it('slow', (done) => setTimeout(done, 100));
}).timeout(20);
