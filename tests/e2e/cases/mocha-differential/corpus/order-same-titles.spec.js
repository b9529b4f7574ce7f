describe('s', () => {
  it('dup', () => {});
  it('dup', () => { throw new Error('second dup fails'); });
});
describe('s', () => { it('dup', () => {}); });
