describe('a', () => { it.only('a1', () => {}); it('a2', () => {}); });
describe.only('b', () => { it('b1', () => {}); });
describe('c', () => { it('c1', () => {}); });
