// The inner test's done() is called again by a test of a later suite, once the inner suite
// has ended but the outer one has not.
let innerDone;
describe('late nested', () => {
  describe('inner', () => {
    it('calls done twice inside', (done) => { innerDone = done; done(); });
  });
  describe('sibling', () => {
    it('calls the inner done again', () => { innerDone(); });
  });
});
