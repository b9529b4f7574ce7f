describe('s', () => { it('a', () => {}); throw new Error('describe body threw'); });
