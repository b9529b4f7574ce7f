describe('s', () => { it('a', () => {}); });
const = 1;
