it('never', function (done) { this.timeout(30); });
it('after', () => {});
