it('async pass', async () => { await new Promise((r) => setTimeout(r, 1)); });
it('async throw', async () => { await null; throw new Error('async boom'); });
it('after', () => {});
