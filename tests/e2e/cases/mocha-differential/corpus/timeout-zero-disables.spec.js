it('no timeout', function (done) { this.timeout(0); setTimeout(done, 60); });
