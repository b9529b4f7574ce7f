it('never resolves', function () { this.timeout(30); return new Promise(() => {}); });
it('after', () => {});
