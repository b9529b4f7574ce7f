it('unhandled during test', (done) => { Promise.reject(new Error('unhandled')); setTimeout(done, 30); });
it('next', () => {});
