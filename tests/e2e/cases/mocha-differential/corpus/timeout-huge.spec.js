it('huge timeout', function (done) { this.timeout(3e9); setTimeout(done, 5); });
