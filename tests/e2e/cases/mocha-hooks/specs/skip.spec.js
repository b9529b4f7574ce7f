describe('skipping', function () {
  it('runs', function () {});
  it.skip('it.skip test', function () { console.log('RAN it.skip'); });
  xit('xit test', function () { console.log('RAN xit'); });
  it('no function');
  it('calls this.skip', function () { this.skip(); console.log('RAN after this.skip'); });
  describe.skip('skipped suite', function () {
    before(function () { console.log('RAN skipped before'); });
    it('in skipped suite', function () { console.log('RAN in skipped suite'); });
  });
  xdescribe('xdescribe suite', function () {
    it('in xdescribe', function () { console.log('RAN xdescribe'); });
  });
});
