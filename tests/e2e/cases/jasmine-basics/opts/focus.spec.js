describe('focus', () => {
  it('not focused', () => { console.log('UNFOCUSED RAN'); });
  fit('focused', () => { console.log('FOCUSED RAN'); expect(1).toBe(1); });
  fdescribe('focused suite', () => { it('inside', () => { console.log('INSIDE RAN'); expect(1).toBe(1); }); });
});
