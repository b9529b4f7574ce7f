describe.only('s', () => { it('p'); it('r', () => {}); });
describe('o', () => { it('x', () => {}); });
