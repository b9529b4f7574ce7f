it('skips itself', function () { this.skip(); throw new Error('unreachable'); });
it('next', () => {});
