beforeEach(() => { throw new Error('root be'); });
describe('a', () => { it('a1', () => {}); });
describe('b', () => { it('b1', () => {}); });
