it('twice err', (done) => { done(); done(new Error('second with error')); });
it('next', () => {});
