let second = false;
describe('s', () => {
  after(() => { throw new Error('first after'); });
  after(() => { second = true; });
  it('t1', () => {});
});
describe('check', () => { it('second after did not run', () => { if (second) throw new Error('ran'); }); });
