it('floating rejection', () => { Promise.reject(new Error('floating')); });
it('next', (done) => setTimeout(done, 30));
