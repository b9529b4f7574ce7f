it('slow', function (done) { this.timeout(20); setTimeout(done, 100); });
it('after', () => {});
