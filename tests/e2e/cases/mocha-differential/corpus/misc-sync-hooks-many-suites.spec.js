for (let i = 0; i < 20; i++) describe('suite ' + i, () => { beforeEach(() => {}); it('t', () => { if (i === 7) throw new Error('seven'); }); });
