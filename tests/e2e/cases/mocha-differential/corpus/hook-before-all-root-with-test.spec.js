before(() => { throw new Error('root before'); });
it('root test', () => {});
describe('a', () => { it('a1', () => {}); });
