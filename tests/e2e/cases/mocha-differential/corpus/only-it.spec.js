it('not run', () => { throw new Error('should not run'); });
it.only('only this', () => {});
describe('s', () => { it('nor this', () => {}); });
