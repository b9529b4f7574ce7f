it('waits', () => new Promise((resolve) => { setTimeout(() => { throw new Error('in timer'); }, 1); setTimeout(resolve, 50); }));
it('next', () => {});
