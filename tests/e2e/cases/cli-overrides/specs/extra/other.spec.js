describe('Other', () => { it('other test', () => {}); });
