it('always fails', function () { this.retries(2); throw new Error('always'); });
it('next', () => {});
