it('done(err)', (done) => { done(new Error('boom')); });
it('next', () => {});
