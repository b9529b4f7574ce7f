// Both exclusivity forms in one file: mocha runs the it.only test of 'A', every test of
// the describe.only suite 'B', and nothing else (not even root tests).
it('root test is excluded', function () { console.log('RAN root'); });
describe('A', function () {
  it('A plain is excluded', function () { console.log('RAN A-plain'); });
  it.only('A it.only', function () { console.log('RAN A-only'); });
});
describe.only('B', function () {
  it('B first', function () { console.log('RAN B-first'); });
  it('B second', function () { console.log('RAN B-second'); });
});
describe('C', function () {
  it('C is excluded', function () { console.log('RAN C'); });
});
