let second = false;
describe('s', () => {
  before(() => { throw new Error('first'); });
  before(() => { second = true; });
  it('t', () => {});
});
describe('check', () => { it('second before did not run', () => { if (second) throw new Error('second before ran'); }); });
