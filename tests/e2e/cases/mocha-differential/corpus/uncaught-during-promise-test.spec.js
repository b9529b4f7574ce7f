// The timer throws while the test's promise is pending; the promise settles long after
// (wide margin: on a loaded machine both runners may wake late).
it('waits', () => new Promise((resolve) => { setTimeout(() => { throw new Error('in timer'); }, 1); setTimeout(resolve, 800); }));
it('next', () => {});
