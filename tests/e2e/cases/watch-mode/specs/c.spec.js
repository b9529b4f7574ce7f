describe('c', () => { it('stands alone', () => {}); });
