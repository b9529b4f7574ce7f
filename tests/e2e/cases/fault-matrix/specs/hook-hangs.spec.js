describe('hook hangs', () => {
  before(function () { this.timeout(300); return new Promise(() => {}); });
  it('never runs', () => {});
});
