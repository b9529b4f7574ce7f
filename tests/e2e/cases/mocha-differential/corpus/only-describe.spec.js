describe.only('chosen', () => { it('a', () => {}); it('b', () => {}); });
describe('other', () => { it('c', () => {}); });
it('root', () => {});
