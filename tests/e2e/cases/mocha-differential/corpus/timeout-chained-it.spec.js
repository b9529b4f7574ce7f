it('chained timeout', (done) => setTimeout(done, 100)).timeout(20);
it('after', () => {});
