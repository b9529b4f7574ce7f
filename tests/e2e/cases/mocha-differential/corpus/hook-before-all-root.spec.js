before(() => { throw new Error('root before'); });
describe('a', () => { it('a1', () => {}); });
describe('b', () => { it('b1', () => {}); });
