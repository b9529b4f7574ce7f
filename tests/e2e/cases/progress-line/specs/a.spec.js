describe('slow', () => { it('waits', async () => { console.log('halfway'); await new Promise((r) => setTimeout(r, 2500)); }); it('fails', () => { throw new Error('no'); }); });
