it('done(object)', (done) => { done({ a: 1 }); });
