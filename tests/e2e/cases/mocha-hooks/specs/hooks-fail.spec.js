describe('before fails', function () {
  before(function () { throw new Error('before broke'); });
  after(function () { console.log('AFTER still ran'); });
  it('first blocked', function () { console.log('RAN first blocked'); });
  it('second blocked', function () { console.log('RAN second blocked'); });
});
describe('beforeEach fails', function () {
  beforeEach(function () { throw new Error('beforeEach broke'); });
  it('blocked by beforeEach', function () { console.log('RAN blocked by beforeEach'); });
  it('also blocked', function () { console.log('RAN also blocked'); });
});
describe('after the failing suites', function () {
  it('still runs', function () {});
});
