before(function () { this.skip(); });
it('r1', () => {});
describe('a', () => { it('a1', () => {}); });
