it('late done', function (done) { this.timeout(20); setTimeout(done, 60); });
it('next waits', (done) => { setTimeout(done, 80); });
