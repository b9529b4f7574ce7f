after(() => { throw new Error('root after'); });
describe('a', () => { it('a1', () => {}); });
