it('twice', (done) => { done(); done(); });
it('next', () => {});
