describe('l1', () => { describe('l2', () => { describe('l3', () => { describe('l4', () => {
  it('deep', () => {});
}); }); it('mid', () => {}); }); });
