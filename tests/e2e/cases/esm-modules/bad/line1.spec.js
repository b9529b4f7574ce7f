null.boom;
describe('never', () => { it('never runs', () => {}); });
