describe('many', () => { for (let i = 0; i < 200; i++) it('t' + i, () => { if (i === 150) throw new Error('150'); }); });
