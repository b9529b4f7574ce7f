// mocha-args: --retries 2
it('reads retries', function () { if (this.retries() !== 2) throw new Error('retries ' + this.retries()); });
