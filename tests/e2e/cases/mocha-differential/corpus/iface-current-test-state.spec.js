describe('s', () => {
  afterEach(function () { if (this.currentTest.title === 'fails' && this.currentTest.state !== 'failed') throw new Error('state ' + this.currentTest.state); });
  afterEach(function () { if (this.currentTest.title === 'passes' && this.currentTest.state !== 'passed') throw new Error('state ' + this.currentTest.state); });
  it('passes', () => {});
  it('fails', () => { throw new Error('x'); });
});
