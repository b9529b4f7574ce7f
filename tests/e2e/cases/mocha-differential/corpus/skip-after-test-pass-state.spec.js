it('skip after assertions', function () { if (1 + 1 === 2) this.skip(); });
